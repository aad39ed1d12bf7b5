// The API password: a second password, for feed apps only (as FreshRSS has one), so that the web
// password never sits in a phone app's settings. Two things are stored, each only as a hash:
// - the Fever key's SHA-256. A Fever client sends md5("user:password") on every request, so the
//   server must be able to recognise that md5 quickly: an unsalted fast hash of the password. It
//   is a password equivalent for the Fever API, and someone holding the database can test
//   guesses at full speed; hence the README's advice to use a long random API password.
// - an scrypt hash of the password itself, for the Google Reader API's ClientLogin, which sends
//   the password (not a digest) once and gets a token back.
import { createHash } from "node:crypto";
import { z } from "zod";
import { hashPassword } from "@/lib/features/auth/password-hash";
import { plainText } from "@/lib/http/plain-text";
import { MAX_API_PASSWORD_LENGTH, MIN_API_PASSWORD_LENGTH } from "@/lib/features/auth/api-credential-limits";

export type ApiCredentials = { feverKeyDigest: string; passwordHash: string };

/** An API password as typed (settings page, `tidings api-password`); the apps' user name is the user's own. */
export const apiCredentialsSchema = z.object({
  password: plainText()
    .min(MIN_API_PASSWORD_LENGTH, `Use at least ${MIN_API_PASSWORD_LENGTH} characters`)
    .max(MAX_API_PASSWORD_LENGTH, `Use at most ${MAX_API_PASSWORD_LENGTH} characters`),
});

/** What a Fever client sends as api_key: md5 of "user:password", lower-case hex. */
export function feverKeyOf(user: string, password: string): string {
  return createHash("md5").update(`${user}:${password}`, "utf8").digest("hex");
}

export function digestFeverKey(key: string): string {
  return createHash("sha256").update(key.trim().toLowerCase(), "utf8").digest("hex");
}

export async function deriveApiCredentials(input: { user: string; password: string }): Promise<ApiCredentials> {
  return {
    feverKeyDigest: digestFeverKey(feverKeyOf(input.user, input.password)),
    passwordHash: await hashPassword(input.password),
  };
}
