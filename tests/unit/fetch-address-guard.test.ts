import { describe, expect, it } from "vitest";
import { BlockedAddressError, findBlockedReason, findEmbeddedIPv4 } from "@/lib/pipeline/fetch/address-guard";
import { checkUrl } from "@/lib/pipeline/fetch/check-url";
import { lookupPublicAddresses } from "@/lib/pipeline/fetch/guarded-connector";

describe("findBlockedReason: which addresses may never be dialled", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "shared (CGNAT)"],
    ["100.127.255.255", "shared (CGNAT)"],
    ["0.0.0.0", "unspecified/this-network"],
    ["0.1.2.3", "unspecified/this-network"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique local"],
    ["fd12:3456:789a::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["[fe80::1]", "link-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local (cloud metadata)"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "link-local (cloud metadata)"],
    ["::127.0.0.1", "loopback, embedded 127.0.0.1"],
    ["64:ff9b::10.0.0.1", "private, embedded 10.0.0.1"],
    ["64:ff9b::7f00:1", "loopback, embedded 127.0.0.1"],
    ["64:ff9b:1::1", "local-use NAT64"],
    ["2002:c0a8:0101::1", "private, embedded 192.168.1.1"],
    ["2002:7f00:1::", "loopback, embedded 127.0.0.1"],
    ["localhost", "not an IP address"],
  ])("%s is refused (%s)", (address, reason) => {
    expect(findBlockedReason(address)).toBe(reason);
  });

  it.each([
    "1.1.1.1",
    "8.8.8.8",
    "93.184.216.34",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.255.255",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:0808:0808::1",
  ])("%s is public", (address) => {
    expect(findBlockedReason(address)).toBeNull();
  });
});

describe("findEmbeddedIPv4", () => {
  it.each([
    ["::ffff:1.2.3.4", "1.2.3.4"],
    ["::ffff:102:304", "1.2.3.4"],
    ["::1.2.3.4", "1.2.3.4"],
    ["64:ff9b::102:304", "1.2.3.4"],
    ["2002:102:304::", "1.2.3.4"],
    ["2606:4700::1111", null],
    ["64:ff9b:1::102:304", null],
  ])("%s carries %s", (address, embedded) => {
    expect(findEmbeddedIPv4(address)).toBe(embedded);
  });
});

describe("checkUrl", () => {
  const strict = { allowPrivateNetworks: false };
  const open = { allowPrivateNetworks: true };

  it.each([
    ["http://127.0.0.1/", "127.0.0.1 is not a public address (loopback)"],
    ["http://2130706433/", "127.0.0.1 is not a public address (loopback)"],
    ["http://0x7f.1/", "127.0.0.1 is not a public address (loopback)"],
    ["http://0x7f000001/", "127.0.0.1 is not a public address (loopback)"],
    ["http://017700000001/", "127.0.0.1 is not a public address (loopback)"],
    ["http://127.1/", "127.0.0.1 is not a public address (loopback)"],
    ["http://0/", "0.0.0.0 is not a public address (unspecified/this-network)"],
    ["http://[::1]/", "::1 is not a public address (loopback)"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1 is not a public address (loopback)"],
    [
      "http://[0:0:0:0:0:ffff:169.254.169.254]/",
      "::ffff:a9fe:a9fe is not a public address (link-local (cloud metadata))",
    ],
    [
      "https://169.254.169.254/latest/meta-data/",
      "169.254.169.254 is not a public address (link-local (cloud metadata))",
    ],
    ["http://10.0.0.1:8080/feed", "10.0.0.1 is not a public address (private)"],
    ["http://100.64.0.1/", "100.64.0.1 is not a public address (shared (CGNAT))"],
    ["file:///etc/passwd", "scheme file: is not allowed (http and https only)"],
    ["javascript:alert(1)", "scheme javascript: is not allowed (http and https only)"],
    ["ftp://example.org/feed", "scheme ftp: is not allowed (http and https only)"],
    ["gopher://example.org/", "scheme gopher: is not allowed (http and https only)"],
    ["https://user:pass@example.org/feed", "URL contains credentials (user:password@)"],
    ["https://user@example.org/feed", "URL contains credentials (user:password@)"],
    [`https://example.org/${"a".repeat(3000)}`, "URL is 3020 characters long (limit 2048)"],
    ["example.org/feed", "not a valid URL: example.org/feed"],
  ])("strict: %s → %s", (href, detail) => {
    // `blocked` marks a refusal for the address alone, which TIDINGS_ALLOW_PRIVATE_NETWORKS would lift.
    const blocked = detail.includes("is not a public address");
    expect(checkUrl(href, strict)).toEqual(blocked ? { ok: false, detail, blocked } : { ok: false, detail });
  });

  it("a URL whose percent-encoding pushes it over the limit is refused", () => {
    const verdict = checkUrl(`https://example.org/${"é".repeat(700)}`, strict); // 720 characters as typed
    expect(verdict).toEqual({ ok: false, detail: "URL is 4220 characters long (limit 2048)" });
  });

  it.each([
    "https://example.org/feed.xml",
    "http://example.org:8080/rss?x=1",
    "https://93.184.216.34/feed",
    "http://[2606:4700::1111]/",
    "http://localhost/",
  ])("strict: %s passes (names are judged at dial time)", (href) => {
    expect(checkUrl(href, strict)).toMatchObject({ ok: true });
  });

  it.each(["http://127.0.0.1:8080/feed", "http://10.0.0.1/", "http://[::1]/"])(
    "allowPrivateNetworks: %s passes",
    (href) => {
      expect(checkUrl(href, open)).toMatchObject({ ok: true });
    },
  );

  it.each(["file:///etc/passwd", "https://u:p@example.org/", `https://example.org/${"a".repeat(3000)}`])(
    "allowPrivateNetworks does not relax scheme, credential or length rules: %s",
    (href) => {
      expect(checkUrl(href, open)).toMatchObject({ ok: false });
    },
  );
});

describe("lookupPublicAddresses: the DNS lookup the strict Agent dials through", () => {
  // Numeric hosts and localhost resolve locally (getaddrinfo answers without a DNS query).
  function lookup(hostname: string, all: boolean): Promise<{ error: Error | null; address: unknown; family?: number }> {
    return new Promise((resolve) => {
      lookupPublicAddresses(hostname, { all }, (error, address, family) => resolve({ error, address, family }));
    });
  }

  it("hands public addresses through, in both callback shapes", async () => {
    expect(await lookup("8.8.8.8", false)).toEqual({ error: null, address: "8.8.8.8", family: 4 });
    expect(await lookup("8.8.8.8", true)).toMatchObject({ error: null, address: [{ address: "8.8.8.8", family: 4 }] });
  });

  it.each(["127.0.0.1", "localhost", "10.1.2.3", "::ffff:169.254.169.254"])("refuses %s", async (hostname) => {
    for (const all of [false, true]) {
      const { error } = await lookup(hostname, all);
      expect(error).toBeInstanceOf(BlockedAddressError);
      expect(error?.message).toMatch(/not a public address/);
    }
  });
});
