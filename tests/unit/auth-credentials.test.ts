import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/features/auth/password-hash";
import { createSessionToken, hashSessionToken } from "@/lib/features/auth/session-token";

describe("password hashes", () => {
  it("are salted scrypt hashes that verify the password and nothing else", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first); // a fresh salt each time
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("treats equivalent Unicode spellings as the same password", async () => {
    const composed = await hashPassword("caf\u00e9-caf\u00e9");
    expect(await verifyPassword("cafe\u0301-cafe\u0301", composed)).toBe(true);
  });

  it.each(["", "plain", "bcrypt$10$abc", "scrypt$0$8$1$c2FsdA$a2V5", "scrypt$x$8$1$c2FsdA$a2V5", "scrypt$16384$8$1$$"])(
    "refuses an unreadable stored hash %j without throwing",
    async (stored) => {
      expect(await verifyPassword("anything", stored)).toBe(false);
    },
  );
});

describe("session tokens", () => {
  it("are 32 random bytes, different for every login, and only their hash is stored", () => {
    const [one, two] = [createSessionToken(), createSessionToken()];
    expect(one).not.toBe(two);
    expect(Buffer.from(one, "base64url")).toHaveLength(32);
    expect(hashSessionToken(one)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashSessionToken(one)).not.toBe(one);
    expect(hashSessionToken(one)).toBe(hashSessionToken(one));
  });

  it.each([undefined, "", "garbage", "v1.1798000000.AAAAAAAAAAAAAAAA.sig", "a".repeat(44), `${"a".repeat(42)}=`])(
    "%j is no token (refused before any query)",
    (token) => {
      expect(hashSessionToken(token)).toBeNull();
    },
  );
});
