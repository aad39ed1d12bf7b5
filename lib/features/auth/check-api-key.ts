import "server-only";
// Authenticates a Fever request by its api_key, with the login's throttle (a separate instance:
// a guessing app must not lock the owner out of the web login, nor the other way round).
import type { Db } from "@/lib/db/client";
import { matchesFeverKey } from "@/lib/features/auth/api-credentials";
import { LoginThrottle, type LoginAttempt } from "@/lib/features/auth/login-throttle";
import { readApiCredentials } from "@/lib/features/auth/api-credential-store";
import { remember } from "@/lib/base/remember";

export type ApiKeyCheck = { status: "ok" } | { status: "denied" } | { status: "throttled"; waitMs: number };

export const getApiThrottle = (): LoginThrottle => remember("api-login-throttle", () => new LoginThrottle());

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
  const { feverKeyDigest } = await readApiCredentials(input.db);
  if (feverKeyDigest !== null && matchesFeverKey(input.apiKey, feverKeyDigest)) {
    input.throttle.forgive(input.attempt, input.now);
    return { status: "ok" };
  }
  return { status: "denied" };
}
