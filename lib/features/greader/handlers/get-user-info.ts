import "server-only";
// reader/api/0/user-info (theoldreader's shape, as FreshRSS and Miniflux answer it). Tidings has
// one user; its id is "1", so that apps which build `user/<userId>/…` stream ids from it send
// ids that lib/features/greader/protocol/stream-id.ts reads as the user's own.
import { answerJson } from "@/lib/features/greader/protocol/greader-answer";
import type { GReaderCall } from "@/lib/features/greader/protocol/types";

export const GREADER_USER_ID = "1";

export async function getUserInfo(call: GReaderCall): Promise<Response> {
  const name = call.user?.name ?? "";
  return answerJson({ userId: GREADER_USER_ID, userName: name, userProfileId: GREADER_USER_ID, userEmail: "" });
}
