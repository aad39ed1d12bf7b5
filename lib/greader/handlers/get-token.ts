import "server-only";
// reader/api/0/token: a fresh action token T, as text (see lib/greader/auth-token.ts).
import { createActionToken } from "@/lib/greader/auth-token";
import { readGReaderAccount } from "@/lib/greader/read-greader-account";
import { answerError, answerText } from "@/lib/greader/greader-answer";
import type { GReaderCall } from "@/lib/greader/types";

export async function getToken(call: GReaderCall): Promise<Response> {
  const account = await readGReaderAccount(call.db);
  if (account === null) return answerError(401, "Unauthorized: no API password is set.");
  return answerText(`${createActionToken(account, call.now)}\n`);
}
