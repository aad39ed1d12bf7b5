import "server-only";
// accounts/ClientLogin: Email (the user's name) and Passwd (their API password), from the form
// body or, as FreshRSS also accepts, the query string. Checked against the scrypt hash (an unknown
// name costs the same check), throttled like the web login, per name and address, per address and
// per name (the Fever API's throttle: one guesser, one budget, whichever API it tries).
// The answer is Google's text `SID=…\nLSID=…\nAuth=…\n` (JSON with output=json, as Miniflux).
import { verifyPasswordOrDecoy } from "@/lib/features/auth/password-hash";
import { getApiThrottle } from "@/lib/features/auth/check-api-key";
import { attemptOf } from "@/lib/features/auth/login-throttle";
import { createAuthToken } from "@/lib/features/greader/protocol/auth-token";
import { readGReaderAccount } from "@/lib/features/greader/protocol/read-greader-account";
import { answerError, answerJson, answerText } from "@/lib/features/greader/protocol/greader-answer";
import type { GReaderCall } from "@/lib/features/greader/protocol/types";

export async function clientLogin(call: GReaderCall): Promise<Response> {
  const email = call.params.get("Email") ?? "";
  const password = call.params.get("Passwd") ?? "";
  // A probe without credentials is no guess and costs no scrypt.
  if (email === "" || password === "") return answerError(401, "Error=BadAuthentication");
  const throttle = getApiThrottle();
  const attempt = attemptOf(call.request.headers, email);
  const startedAt = call.now.getTime();
  const waitMs = throttle.beginTry(attempt, startedAt);
  if (waitMs > 0)
    return answerError(429, "Too many failed logins; try again later.", {
      "Retry-After": String(Math.ceil(waitMs / 1000)),
    });
  const account = await readGReaderAccount(call.db, email);
  if (!(await verifyPasswordOrDecoy(password, account?.passwordHash ?? null)) || account === null)
    return answerError(401, "Error=BadAuthentication");
  throttle.forgive(attempt, startedAt);
  const auth = createAuthToken(account);
  // Vienna RSS needs LSID present; Google's was a second session id, here the same token.
  if (call.params.get("output") === "json") return answerJson({ SID: auth, LSID: auth, Auth: auth });
  return answerText(`SID=${auth}\nLSID=${auth}\nAuth=${auth}\n`);
}
