// Passwords are stored only as scrypt hashes (a memory-hard KDF: guessing costs the attacker as
// much memory and time per try as it costs us per login). Format: scrypt$N$r$p$salt$hash, so the
// cost can be raised later without invalidating stored hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { remember } from "@/lib/base/remember";

/** One of OWASP's equivalent minimum scrypt settings (N=2^15, r=8, p=3): 32 MiB per hash. */
const COST = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, scryptOptions, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** False for a wrong password and for a hash this code cannot read (never throws on input). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(keyText, "base64url");
  const actual = await derive(password, Buffer.from(saltText, "base64url"), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * verifyPassword, or, with no hash to check against (no such user, or one without this password),
 * the same scrypt work against a hash of nothing anyone knows, and false: the time taken does not
 * tell which user names exist.
 */
export async function verifyPasswordOrDecoy(password: string, stored: string | null): Promise<boolean> {
  if (stored !== null) return verifyPassword(password, stored);
  await verifyPassword(
    password,
    await remember("decoy-password-hash", () => hashPassword(randomBytes(24).toString("base64url"))),
  );
  return false;
}
