import "server-only";
// reader/api/0/token: a fresh action token T, as text (see lib/features/greader/protocol/auth-token.ts).
import { createActionToken } from "@/lib/features/greader/protocol/auth-token";
import { readGReaderAccount } from "@/lib/features/greader/protocol/read-greader-account";
import { answerError, answerText } from "@/lib/features/greader/protocol/greader-answer";
import type { GReaderCall } from "@/lib/features/greader/protocol/types";

export async function getToken(call: GReaderCall): Promise<Response> {
  // An "auth" route: the dispatcher checked the Auth token, which names the user.
  const account = call.user === null ? null : await readGReaderAccount(call.db, call.user.name);
  if (account === null) return answerError(401, "Unauthorized: no API password is set.");
  return answerText(`${createActionToken(account, call.now)}\n`);
}
