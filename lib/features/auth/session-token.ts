// The session cookie's value: 32 random bytes, opaque. The database keeps only its SHA-256
// (lib/auth/sessions.ts), so the server can end a session (logout, a new password, "sign out
// everywhere") and a copy of the database or a log of it opens nothing.
import { createHash, randomBytes } from "node:crypto";

export const SESSION_COOKIE = "tidings_session";
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export function createSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a token; null for a value createSessionToken never writes (checked before any query). */
export function hashSessionToken(token: string | undefined): string | null {
  if (token === undefined || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return createHash("sha256").update(token).digest("base64url");
}
