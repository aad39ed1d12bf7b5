import { describe, expect, it } from "vitest";
import {
  DEFAULT_THROTTLE_LIMITS,
  LoginThrottle,
  attemptOf,
  throttleKeyOfAddress,
} from "@/lib/features/auth/login-throttle";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { hostName, isAllowedHost } from "@/lib/features/auth/allowed-hosts";
import { checkExposure } from "@/lib/features/auth/check-exposure";

describe("the login throttle", () => {
  const limits = { perClient: 3, perAddress: 8, perAccount: 5, windowMs: 60_000 };
  const from = (client: string, account = "owner") => ({ account, client });

  it("lets a client fail perClient times, then makes it wait until its oldest failure leaves the window", () => {
    const throttle = new LoginThrottle(limits);
    for (const at of [0, 10_000, 20_000]) {
      expect(throttle.waitFor(from("a"), at)).toBe(0);
      throttle.recordFailure(from("a"), at);
    }
    expect(throttle.waitFor(from("a"), 25_000)).toBe(35_000);
    expect(throttle.waitFor(from("a"), 59_999)).toBe(1);
    expect(throttle.waitFor(from("a"), 60_000)).toBe(0);
    expect(throttle.waitFor(from("b"), 25_000)).toBe(0); // another client is not affected
  });

  it("caps failures across the account's clients, so a guesser with many addresses is bounded", () => {
    const throttle = new LoginThrottle(limits);
    ["a", "b", "c", "d", "e"].forEach((client, index) => throttle.recordFailure(from(client), index * 1000));
    expect(throttle.waitFor(from("fresh"), 5000)).toBe(55_000);
    expect(throttle.waitFor(from("fresh"), 60_000)).toBe(0);
    expect(throttle.waitFor({ account: "another user", client: "fresh" }, 5000)).toBe(0);
  });

  it("never applies the account's cap to an address that logged in to it before", () => {
    const throttle = new LoginThrottle(limits);
    expect(throttle.beginTry(from("owner's laptop"), 0)).toBe(0);
    throttle.forgive(from("owner's laptop"), 0);
    ["a", "b", "c", "d", "e", "f"].forEach((client, index) => throttle.recordFailure(from(client), 1000 + index));
    expect(throttle.waitFor(from("fresh"), 2000)).toBeGreaterThan(0);
    expect(throttle.waitFor(from("owner's laptop"), 2000)).toBe(0);
  });

  it("60 guesses from one address with forged X-Forwarded-For never lock out the owner at another", () => {
    const throttle = new LoginThrottle(DEFAULT_THROTTLE_LIMITS);
    const admitted = Array.from({ length: 60 }, (_, n) =>
      throttle.beginTry(
        attemptOf(
          new Headers({ "x-forwarded-for": `198.51.100.${n}`, [CLIENT_ADDRESS_HEADER]: "127.10.0.1" }),
          "owner",
        ),
        n,
      ),
    ).filter((wait) => wait === 0).length;
    expect(admitted).toBe(DEFAULT_THROTTLE_LIMITS.perClient);
    expect(throttle.waitFor(attemptOf(new Headers({ [CLIENT_ADDRESS_HEADER]: "127.10.0.2" }), "owner"), 60)).toBe(0);
  });

  it("caps one address trying many names, without holding those names elsewhere", () => {
    const throttle = new LoginThrottle(limits);
    // Two guesses at each of four names: under each name's own limit, eight from the address in all.
    for (let n = 0; n < 8; n++) expect(throttle.beginTry(from("sprayer", `name${n % 4}`), n)).toBe(0);
    expect(throttle.waitFor(from("sprayer", "name9"), 10)).toBeGreaterThan(0);
    expect(throttle.waitFor(from("elsewhere", "name0"), 10)).toBe(0);
  });

  it("limits one name from one address, leaving that address free to log in as another user", () => {
    const throttle = new LoginThrottle(limits);
    for (let n = 0; n < 3; n++) throttle.beginTry(from("shared office", "ann"), n);
    expect(throttle.waitFor(from("shared office", "ann"), 10)).toBeGreaterThan(0);
    expect(throttle.waitFor(from("shared office", "bob"), 10)).toBe(0);
    expect(throttle.waitFor(from("home", "ann"), 10)).toBe(0);
  });

  it("counts an IPv6 /64 as one client", () => {
    const throttle = new LoginThrottle(limits);
    ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9"].forEach((client, n) =>
      throttle.recordFailure(from(client), n),
    );
    expect(throttle.waitFor(from("2001:db8:1:2:abcd::77"), 10)).toBeGreaterThan(0);
    expect(throttle.waitFor(from("2001:db8:1:3::1"), 10)).toBe(0);
    expect(throttleKeyOfAddress("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
  });

  it("forgets a client's failures when it logs in", () => {
    const throttle = new LoginThrottle(limits);
    [0, 1].forEach((at) => throttle.recordFailure(from("a"), at));
    expect(throttle.beginTry(from("a"), 2)).toBe(0);
    throttle.forgive(from("a"), 2);
    expect(throttle.waitFor(from("a"), 3)).toBe(0);
  });

  it("counts a guess from its start, so guesses sent together cannot outrun the limit", () => {
    const throttle = new LoginThrottle(limits);
    // Five guesses at the same instant, none answered yet (each awaits its password hash).
    const admitted = [0, 0, 0, 0, 0].filter((at) => throttle.beginTry(from("a"), at) === 0).length;
    expect(admitted).toBe(limits.perClient);
  });

  it("a right guess takes back only its own count from the account's", () => {
    const throttle = new LoginThrottle(limits);
    ["b", "c", "d", "e"].forEach((client, index) => throttle.recordFailure(from(client), index));
    expect(throttle.beginTry(from("a"), 10)).toBe(0);
    throttle.forgive(from("a"), 10);
    // Four failures remain in the account's five: one more try is allowed, then the cap holds.
    expect(throttle.beginTry(from("f"), 11)).toBe(0);
    expect(throttle.waitFor(from("g"), 12)).toBeGreaterThan(0);
  });
});

describe("allowed hosts (DNS rebinding)", () => {
  const open = { passwordRequired: false, allowedHosts: [] };

  it.each([
    ["localhost:3000", open, true],
    ["127.0.0.1:3000", open, true],
    ["127.1.2.3", open, true],
    ["[::1]:3000", open, true],
    ["tidings.localhost:3000", open, true],
    ["evil.example:3000", open, false],
    ["evil.example", { passwordRequired: true, allowedHosts: [] }, true],
    ["evil.example", { passwordRequired: true, allowedHosts: ["reader.example"] }, false],
    ["Reader.Example:443", { passwordRequired: false, allowedHosts: ["reader.example"] }, true],
    ["192.168.1.10:3000", open, false],
    ["", open, false],
    [null, { passwordRequired: true, allowedHosts: [] }, false],
  ] as const)("Host %j with %j → %s", (host, rules, allowed) => {
    expect(isAllowedHost(host, { ...rules, allowedHosts: [...rules.allowedHosts] })).toBe(allowed);
  });

  it("reads the host name out of a Host header", () => {
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName("Example.COM:8080")).toBe("example.com");
    expect(hostName("example.com")).toBe("example.com");
  });
});

describe("exposure at start", () => {
  it.each([
    ["127.0.0.1", "open", true],
    ["localhost", "setup", true],
    ["::1", "open", true],
    ["0.0.0.0", "open", false],
    ["::", "setup", false],
    ["192.168.1.10", "open", false],
    ["0.0.0.0", "login", true],
  ] as const)("binding %s in the %s mode → allowed %s", (host, mode, allowed) => {
    const exposure = checkExposure(host, mode);
    expect(exposure.allowed).toBe(allowed);
    expect(exposure.message).toContain(host);
  });

  it("says how to fix a refused bind", () => {
    expect(checkExposure("0.0.0.0", "open").message).toMatch(/set TIDINGS_PASSWORD .* or leave TIDINGS_HOST unset/);
  });
});
