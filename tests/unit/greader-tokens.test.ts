import { describe, expect, it } from "vitest";
import {
  ACTION_TOKEN_LIFETIME_MS,
  createActionToken,
  createAuthToken,
  isValidActionToken,
  isValidAuthToken,
  readAuthorization,
} from "@/lib/features/greader/protocol/auth-token";
import { GReaderParams, MAX_VALUES_PER_NAME } from "@/lib/features/greader/protocol/greader-params";

const account = { user: "tidings", passwordHash: "scrypt$32768$8$3$salt$hash", secret: "installation secret" };
const now = new Date(Date.UTC(2026, 11, 1, 12));

describe("the Auth token", () => {
  it("is user/signature and checks only against the same user, hash and secret", () => {
    const token = createAuthToken(account);
    expect(token).toMatch(/^tidings\/[A-Za-z0-9_-]{43}$/);
    expect(isValidAuthToken(token, account)).toBe(true);
    expect(isValidAuthToken(token, { ...account, passwordHash: "scrypt$32768$8$3$other$hash" })).toBe(false);
    expect(isValidAuthToken(token, { ...account, user: "someone" })).toBe(false);
    expect(isValidAuthToken(token, { ...account, secret: "another secret" })).toBe(false);
    expect(isValidAuthToken(`${token}x`, account)).toBe(false);
    expect(isValidAuthToken("x".repeat(10_000), account)).toBe(false);
  });

  it("is read from GoogleLogin auth=… only", () => {
    expect(readAuthorization("GoogleLogin auth=tidings/abc")).toBe("tidings/abc");
    expect(readAuthorization("  googlelogin   auth=tidings/abc ")).toBe("tidings/abc");
    for (const header of [
      null,
      "",
      "Bearer tidings/abc",
      "GoogleLogin tidings/abc",
      "GoogleLogin auth=",
      "GoogleLogin auth=a b",
      "Basic dGlkaW5nczp4",
    ]) {
      expect(readAuthorization(header), String(header)).toBeNull();
    }
  });
});

describe("the action token T", () => {
  it("is short, valid for a day, and stale afterwards or after a password change", () => {
    const token = createActionToken(account, now);
    expect(token.length).toBeLessThan(40);
    expect(isValidActionToken(token, account, now)).toBe(true);
    expect(isValidActionToken(`  ${token} `, account, now)).toBe(true);
    expect(isValidActionToken(token, account, new Date(now.getTime() + ACTION_TOKEN_LIFETIME_MS - 60_000))).toBe(true);
    expect(isValidActionToken(token, account, new Date(now.getTime() + ACTION_TOKEN_LIFETIME_MS + 60_000))).toBe(false);
    expect(isValidActionToken(token, { ...account, passwordHash: "scrypt$new" }, now)).toBe(false);
  });

  it("refuses one made in the future, a forged time, and garbage", () => {
    expect(isValidActionToken(createActionToken(account, new Date(now.getTime() + 60 * 60_000)), account, now)).toBe(
      false,
    );
    const [, signature] = createActionToken(account, now).split(".");
    const later = (Math.floor(now.getTime() / 60_000) + 30).toString(36);
    expect(isValidActionToken(`${later}.${signature}`, account, new Date(now.getTime() + 40 * 60_000))).toBe(false);
    for (const token of [null, "", "x", ".", "abc.", ".abc", "a.b.c", "zzzzzzzzzzzz.abc", createAuthToken(account)]) {
      expect(isValidActionToken(token, account, now), String(token)).toBe(false);
    }
  });
});

describe("GReaderParams", () => {
  it("takes a name from the body when the body has it, else from the query string, keeping repeats", () => {
    const params = GReaderParams.from(
      new URLSearchParams("s=feed/1&T=q&output=json"),
      new URLSearchParams("s=feed/2&s=feed/3&T=b"),
    )!;
    expect(params.all("s")).toEqual(["feed/2", "feed/3"]);
    expect(params.get("T")).toBe("b");
    expect(params.get("output")).toBe("json");
    expect(params.has("output")).toBe(true);
    expect(params.get("missing")).toBeNull();
    expect(params.all("missing")).toEqual([]);
  });

  it("refuses more than MAX_VALUES_PER_NAME values of one name, in the query or the body", () => {
    const many = new URLSearchParams(Array.from({ length: MAX_VALUES_PER_NAME + 1 }, (_, n) => ["i", String(n)]));
    expect(GReaderParams.from(many)).toBeNull();
    expect(GReaderParams.from(new URLSearchParams(), many)).toBeNull();
    const enough = new URLSearchParams(Array.from({ length: MAX_VALUES_PER_NAME }, (_, n) => ["i", String(n)]));
    expect(GReaderParams.from(enough)?.all("i")).toHaveLength(MAX_VALUES_PER_NAME);
  });
});
