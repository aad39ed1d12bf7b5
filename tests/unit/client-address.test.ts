// Who is asking, as the login throttle and /metrics see it: the socket's peer, unless that peer is a
// trusted proxy; and the bearer/network rules of /metrics.
import { describe, expect, it } from "vitest";
import { createNetworkList, describeBadNetwork, normaliseAddress } from "@/lib/base/network-list";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "@/lib/http/client-address";
import { checkMetricsAccess } from "@/lib/features/auth/check-metrics-access";

const trusted = createNetworkList(["10.0.0.0/8", "::1"]);

describe("resolveClientAddress", () => {
  it.each([
    ["a client's own X-Forwarded-For is ignored", "203.0.113.5", "198.51.100.1", "203.0.113.5"],
    ["a trusted proxy's last hop is the client", "10.1.2.3", "198.51.100.1, 203.0.113.7", "203.0.113.7"],
    ["hops appended by trusted proxies are walked past", "10.1.2.3", "6.6.6.6, 203.0.113.7, 10.9.9.9", "203.0.113.7"],
    ["a dual-stack peer is read as IPv4", "::ffff:203.0.113.5", "198.51.100.1", "203.0.113.5"],
    ["a trusted IPv6 proxy", "::1", "2001:db8::5", "2001:db8::5"],
    ["a trusted proxy that names nobody is the client", "10.1.2.3", undefined, "10.1.2.3"],
    ["garbage in the header stops the walk at the proxy", "10.1.2.3", "not-an-address", "10.1.2.3"],
  ])("%s", (_, peer, forwardedFor, expected) => {
    expect(resolveClientAddress(peer, forwardedFor, trusted)).toBe(expected);
  });

  it("trusts nobody's header with an empty list", () => {
    expect(resolveClientAddress("127.0.0.1", "198.51.100.1", createNetworkList([]))).toBe("127.0.0.1");
  });
});

describe("network lists", () => {
  it.each([
    ["127.0.0.1", null],
    ["10.0.0.0/8", null],
    ["fd00::/8", null],
    ["10.0.0.0/33", /impossible prefix/],
    ["localhost", /not an IP address/],
    ["10.0.0.0/8/1", /not an IP address/],
  ])("reads %j", (entry, expected) => {
    const problem = describeBadNetwork(entry);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it("matches addresses in every spelling the socket gives", () => {
    const list = createNetworkList(["127.0.0.0/8", "2001:db8::/32"]);
    expect([list.has("127.10.0.1"), list.has("::ffff:127.0.0.1"), list.has("[2001:db8::1]")]).toEqual([
      true,
      true,
      true,
    ]);
    expect([list.has("128.0.0.1"), list.has("unknown")]).toEqual([false, false]);
    expect(normaliseAddress(" [FE80::1%eth0] ")).toBe("fe80::1");
  });
});

describe("checkMetricsAccess", () => {
  const token = "a-long-scrape-token-0123456789";
  const scrape = (headers: Record<string, string>) => new Headers(headers);
  const none = createNetworkList([]);
  const lan = createNetworkList(["192.168.1.0/24"]);

  it("is not configured without a token or networks", () => {
    expect(checkMetricsAccess(scrape({}), { token: undefined, networks: none })).toBe("not_configured");
  });

  it.each([
    ["the token", { authorization: `Bearer ${token}` }, "allowed"],
    ["the token, any case of the scheme", { authorization: `bearer ${token}` }, "allowed"],
    ["another token", { authorization: `Bearer ${token}x` }, "refused"],
    ["no token", {}, "refused"],
    ["basic credentials", { authorization: `Basic ${Buffer.from(`x:${token}`).toString("base64")}` }, "refused"],
  ])("with a token: %s is %s", (_, headers, expected) => {
    expect(checkMetricsAccess(scrape(headers), { token, networks: none })).toBe(expected);
  });

  it("with networks: only an address inside them, whatever X-Forwarded-For says", () => {
    const policy = { token: undefined, networks: lan };
    expect(checkMetricsAccess(scrape({ [CLIENT_ADDRESS_HEADER]: "192.168.1.20" }), policy)).toBe("allowed");
    expect(
      checkMetricsAccess(scrape({ [CLIENT_ADDRESS_HEADER]: "203.0.113.1", "x-forwarded-for": "192.168.1.20" }), policy),
    ).toBe("refused");
  });

  it("with both: both must hold", () => {
    const policy = { token, networks: lan };
    const inside = { [CLIENT_ADDRESS_HEADER]: "192.168.1.20" };
    expect(checkMetricsAccess(scrape({ ...inside, authorization: `Bearer ${token}` }), policy)).toBe("allowed");
    expect(checkMetricsAccess(scrape(inside), policy)).toBe("refused");
    expect(checkMetricsAccess(scrape({ authorization: `Bearer ${token}` }), policy)).toBe("refused");
  });
});
