import "server-only";
// Authenticates a Fever request by its api_key (md5("name:password"), which names its user), with
// the login's throttle rule in an instance of its own (a guessing app must not lock the owner out
// of the web login, nor the other way round). The key carries no name to throttle by, so every
// Fever guess counts against one account of its own, besides its address.
import type { Db } from "@/lib/db/client";
import { LoginThrottle, type LoginAttempt } from "@/lib/features/auth/login-throttle";
import { findUserByFeverKey } from "@/lib/features/auth/api-credential-store";
import { remember } from "@/lib/base/remember";
import { clientAddressOf } from "@/lib/http/client-address";

export type ApiKeyCheck =
  { status: "ok"; user: { id: number; name: string } } | { status: "denied" } | { status: "throttled"; waitMs: number };

export const getApiThrottle = (): LoginThrottle => remember("api-login-throttle", () => new LoginThrottle());

/** No user name has a colon, so this account is nobody's name. */
const FEVER_ACCOUNT = "fever:key";

export function feverAttemptOf(headers: Headers): LoginAttempt {
  return { account: FEVER_ACCOUNT, client: clientAddressOf(headers) };
}

export async function checkFeverKey(input: {
  db: Db;
  apiKey: string | null;
  attempt: LoginAttempt;
  throttle: LoginThrottle;
  now: number;
}): Promise<ApiKeyCheck> {
  // No key sent is how clients probe a server; it is not a guess and counts as no failure.
  if (input.apiKey === null || input.apiKey === "") return { status: "denied" };
  const waitMs = input.throttle.beginTry(input.attempt, input.now);
  if (waitMs > 0) return { status: "throttled", waitMs };
  const user = await findUserByFeverKey(input.db, input.apiKey);
  if (user === null) return { status: "denied" };
  input.throttle.forgive(input.attempt, input.now);
  return { status: "ok", user };
}
