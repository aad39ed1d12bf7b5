import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/features/auth/password-hash";
import { createSessionToken, isValidSessionToken, SESSION_LIFETIME_SECONDS } from "@/lib/features/auth/session-token";

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
  const key = "signing-key";
  const now = new Date("2026-11-30T10:00:00Z");

  it("are valid with the key that signed them until they expire", () => {
    const token = createSessionToken(key, now);
    expect(isValidSessionToken(token, key, now)).toBe(true);
    expect(isValidSessionToken(token, key, new Date(now.getTime() + (SESSION_LIFETIME_SECONDS - 1) * 1000))).toBe(true);
    expect(isValidSessionToken(token, key, new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000))).toBe(false);
  });

  it("are refused under another key (a changed password) or when any part is altered", () => {
    const token = createSessionToken(key, now);
    expect(isValidSessionToken(token, "another-key", now)).toBe(false);
    const [version, expires, id, signature] = token.split(".") as [string, string, string, string];
    expect(isValidSessionToken([version, String(Number(expires) + 3600), id, signature].join("."), key, now)).toBe(
      false,
    );
    expect(isValidSessionToken([version, expires, `${id}x`, signature].join("."), key, now)).toBe(false);
    expect(
      isValidSessionToken(
        [version, expires, id, signature.replace(/^./, (c) => (c === "A" ? "B" : "A"))].join("."),
        key,
        now,
      ),
    ).toBe(false);
    expect(isValidSessionToken(["v2", expires, id, signature].join("."), key, now)).toBe(false);
  });

  it.each([undefined, "", "garbage", "v1.1.2", "v1..x.y", "a".repeat(300)])("refuses %j", (token) => {
    expect(isValidSessionToken(token, key, now)).toBe(false);
  });

  /** A token with the given expiry, signed with the right key (as only the server could). */
  const signedWith = (expires: string) => {
    const payload = `v1.${expires}.AAAAAAAAAAAAAAAA`;
    return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
  };
  const nowSeconds = now.getTime() / 1000;

  it("accept a correctly signed expiry up to one lifetime (and a little clock slack) ahead", () => {
    expect(isValidSessionToken(signedWith(String(nowSeconds + 1)), key, now)).toBe(true);
    expect(isValidSessionToken(signedWith(String(nowSeconds + SESSION_LIFETIME_SECONDS)), key, now)).toBe(true);
    expect(isValidSessionToken(signedWith(String(nowSeconds + SESSION_LIFETIME_SECONDS + 60)), key, now)).toBe(true);
  });

  it.each([
    ["Infinity"],
    ["1e30"],
    ["1e10"],
    ["-1"],
    ["NaN"],
    ["1.5"],
    ["0x7fffffff"],
    [" 1798000000"],
    ["01798000000"],
    ["9".repeat(16)],
    [String(nowSeconds + SESSION_LIFETIME_SECONDS + 24 * 3600)],
    [String(nowSeconds)],
    ["0"],
  ])("refuse a correctly signed token whose expiry is %j", (expires) => {
    expect(isValidSessionToken(signedWith(expires), key, now)).toBe(false);
  });

  it("are different for every login", () => {
    expect(createSessionToken(key, now)).not.toBe(createSessionToken(key, now));
  });
});
