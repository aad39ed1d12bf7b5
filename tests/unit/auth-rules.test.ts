import { describe, expect, it } from "vitest";
import { LoginThrottle } from "@/lib/features/auth/login-throttle";
import { hostName, isAllowedHost } from "@/lib/features/auth/allowed-hosts";
import { checkExposure } from "@/lib/features/auth/check-exposure";

describe("the login throttle", () => {
  const limits = { perClient: 3, total: 5, windowMs: 60_000 };

  it("lets a client fail perClient times, then makes it wait until its oldest failure leaves the window", () => {
    const throttle = new LoginThrottle(limits);
    for (const at of [0, 10_000, 20_000]) {
      expect(throttle.waitFor("a", at)).toBe(0);
      throttle.recordFailure("a", at);
    }
    expect(throttle.waitFor("a", 25_000)).toBe(35_000);
    expect(throttle.waitFor("a", 59_999)).toBe(1);
    expect(throttle.waitFor("a", 60_000)).toBe(0);
    expect(throttle.waitFor("b", 25_000)).toBe(0); // another client is not affected
  });

  it("caps failures across all clients, so rotating the client key does not help a guesser", () => {
    const throttle = new LoginThrottle(limits);
    ["a", "b", "c", "d", "e"].forEach((client, index) => throttle.recordFailure(client, index * 1000));
    expect(throttle.waitFor("fresh", 5000)).toBe(55_000);
    expect(throttle.waitFor("fresh", 60_000)).toBe(0);
  });

  it("forgets a client's failures when it logs in", () => {
    const throttle = new LoginThrottle(limits);
    [0, 1].forEach((at) => throttle.recordFailure("a", at));
    expect(throttle.beginTry("a", 2)).toBe(0);
    throttle.forgive("a", 2);
    expect(throttle.waitFor("a", 3)).toBe(0);
  });

  it("counts a guess from its start, so guesses sent together cannot outrun the limit", () => {
    const throttle = new LoginThrottle(limits);
    // Five guesses at the same instant, none answered yet (each awaits its password hash).
    const admitted = [0, 0, 0, 0, 0].filter((at) => throttle.beginTry("a", at) === 0).length;
    expect(admitted).toBe(limits.perClient);
  });

  it("a right guess takes back only its own count from the total", () => {
    const throttle = new LoginThrottle(limits);
    ["b", "c", "d", "e"].forEach((client, index) => throttle.recordFailure(client, index));
    expect(throttle.beginTry("a", 10)).toBe(0);
    throttle.forgive("a", 10);
    // Four failures remain in the total of five: one more try is allowed, then the cap holds.
    expect(throttle.beginTry("f", 11)).toBe(0);
    expect(throttle.waitFor("g", 12)).toBeGreaterThan(0);
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
    ["127.0.0.1", "none", true],
    ["localhost", "none", true],
    ["::1", "none", true],
    ["0.0.0.0", "none", false],
    ["::", "none", false],
    ["192.168.1.10", "none", false],
    ["0.0.0.0", "environment", true],
    ["0.0.0.0", "database", true],
  ] as const)("binding %s with password from %s → allowed %s", (host, passwordFrom, allowed) => {
    const exposure = checkExposure(host, passwordFrom);
    expect(exposure.allowed).toBe(allowed);
    expect(exposure.message).toContain(host);
  });

  it("says how to fix a refused bind", () => {
    expect(checkExposure("0.0.0.0", "none").message).toMatch(/set TIDINGS_PASSWORD .* or leave TIDINGS_HOST unset/);
  });
});
