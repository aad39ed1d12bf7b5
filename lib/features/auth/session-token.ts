// The session cookie's value: an expiry and a random id, signed with HMAC-SHA256. Nothing is
// stored per session; changing the password changes the signing key, which ends every session.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "tidings_session";
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Room for the clock having been set back a little since the token was made. */
const CLOCK_SLACK_SECONDS = 5 * 60;

function sign(payload: string, key: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function createSessionToken(key: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + SESSION_LIFETIME_SECONDS;
  const payload = `v1.${expires}.${randomBytes(12).toString("base64url")}`;
  return `${payload}.${sign(payload, key)}`;
}

export function isValidSessionToken(token: string | undefined, key: string, now: Date): boolean {
  if (!token || token.length > 200) return false;
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== "v1") return false;
  const payload = parts.slice(0, 3).join(".");
  const expected = Buffer.from(sign(payload, key));
  const actual = Buffer.from(parts[3]!);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
  return isLiveExpiry(parts[1]!, now);
}

/**
 * Even a correctly signed expiry must be one createSessionToken could have written: whole seconds
 * in decimal, in the future, and no later than a fresh login's. "Infinity", "1e30" or "9".repeat(20)
 * would otherwise make a session that never ends, should the key ever sign one.
 */
function isLiveExpiry(expires: string, now: Date): boolean {
  if (!/^[1-9][0-9]{0,15}$/.test(expires)) return false;
  const expiresAt = Number(expires);
  const nowSeconds = now.getTime() / 1000;
  return expiresAt > nowSeconds && expiresAt <= nowSeconds + SESSION_LIFETIME_SECONDS + CLOCK_SLACK_SECONDS;
}
