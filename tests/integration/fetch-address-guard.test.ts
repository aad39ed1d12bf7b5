import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BlockedAddressError } from "@/lib/pipeline/fetch/address-guard";
import { buildUserAgent, fetchFeed, type FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import { getAgent, sendRequest } from "@/lib/pipeline/fetch/http-client";
import { feed, SAMPLE_RSS, startPublisher, type Publisher } from "@/tests/helpers/publisher";

// Strict mode: the SSRF guard is on. Only 127.0.0.1 (the publisher) could ever answer here; every
// other address in this file must be refused before a socket exists, which `sockets` proves.
const userAgent = buildUserAgent({ version: "0.1.0", publicUrl: null, subscribers: 1 });
const strict: FetchOptions = { userAgent, timeoutMs: 2_000, maxBodyBytes: 2 ** 20, allowPrivateNetworks: false };

let publisher: Publisher;
let sockets = 0;
const countSocket = () => void sockets++;

beforeAll(async () => {
  publisher = await startPublisher({ "/feed": feed({ body: SAMPLE_RSS }) });
  subscribe("net.client.socket", countSocket);
});
afterAll(async () => {
  unsubscribe("net.client.socket", countSocket);
  await publisher.close();
});
beforeEach(() => {
  publisher.clearRequests();
  sockets = 0;
});
afterEach(() => expect(publisher.requests).toHaveLength(0));

function fetchStrict(url: string) {
  return fetchFeed({ url, etag: null, lastModified: null }, strict);
}

describe("with allowPrivateNetworks=false nothing private is ever dialled", () => {
  it.each([
    ["127.0.0.1", () => publisher.url("/feed"), "127.0.0.1 is not a public address (loopback)"],
    ["[::1]", () => `http://[::1]:${publisher.port}/feed`, "::1 is not a public address (loopback)"],
    [
      "[::ffff:127.0.0.1]",
      () => `http://[::ffff:127.0.0.1]:${publisher.port}/feed`,
      "::ffff:7f00:1 is not a public address (loopback",
    ],
    [
      "2130706433 (decimal)",
      () => `http://2130706433:${publisher.port}/feed`,
      "127.0.0.1 is not a public address (loopback)",
    ],
    [
      "0x7f.1 (hex, short form)",
      () => `http://0x7f.1:${publisher.port}/feed`,
      "127.0.0.1 is not a public address (loopback)",
    ],
    ["169.254.169.254 (cloud metadata)", () => "http://169.254.169.254/latest/meta-data/", "link-local"],
    ["10.0.0.1", () => "http://10.0.0.1/feed", "10.0.0.1 is not a public address (private)"],
    ["192.168.1.1", () => "https://192.168.1.1/feed", "private"],
    ["100.64.0.1 (CGNAT)", () => "http://100.64.0.1/feed", "shared (CGNAT)"],
    ["0.0.0.0", () => "http://0.0.0.0/feed", "unspecified"],
    ["[fd00::1]", () => "http://[fd00::1]/feed", "unique local"],
    ["[64:ff9b::10.0.0.1] (NAT64)", () => "http://[64:ff9b::10.0.0.1]/feed", "(private, embedded 10.0.0.1)"],
  ])("%s is blocked fast, without opening a socket", async (_name, url, fragment) => {
    const started = performance.now();
    const result = await fetchStrict(url());
    expect(result).toMatchObject({ outcome: "error", errorKind: "blocked", meta: { httpStatus: null, redirects: [] } });
    if (result.outcome === "error") expect(result.detail).toContain(fragment);
    expect(performance.now() - started).toBeLessThan(200);
    expect(sockets).toBe(0);
  });

  it.each([
    ["file:", "file:///etc/passwd", "scheme file: is not allowed"],
    ["javascript:", "javascript:alert(1)", "scheme javascript: is not allowed"],
    ["ftp:", "ftp://ftp.example.org/feed.xml", "scheme ftp: is not allowed"],
    ["data:", "data:text/xml,<rss/>", "scheme data: is not allowed"],
    ["3000 characters", `https://feeds.example.org/?q=${"a".repeat(3000)}`, "characters long (limit 2048)"],
    ["user:pass@", "https://user:pass@feeds.example.org/feed.xml", "credentials"],
    ["not a URL", "not a url", "not a valid URL"],
  ])("a %s URL is blocked before any lookup", async (_name, url, fragment) => {
    const result = await fetchStrict(url);
    expect(result).toMatchObject({ outcome: "error", errorKind: "blocked" });
    if (result.outcome === "error") expect(result.detail).toContain(fragment);
    expect(sockets).toBe(0);
  });

  it("localhost is blocked by the guarded lookup: it resolves to loopback, and no request arrives", async () => {
    const started = performance.now();
    const result = await fetchStrict(`http://localhost:${publisher.port}/feed`);
    expect(result).toMatchObject({ outcome: "error", errorKind: "blocked", meta: { httpStatus: null } });
    if (result.outcome === "error")
      expect(result.detail).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), not a public address \(loopback\)$/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("the same URL is fetched normally when private networks are allowed", async () => {
    const result = await fetchFeed(
      { url: publisher.url("/feed"), etag: null, lastModified: null },
      { ...strict, allowPrivateNetworks: true },
    );
    expect(result.outcome).toBe("ok");
    publisher.clearRequests(); // this one was meant to arrive
  });
});

describe("the dialling path refuses on its own (DNS rebinding, literals the URL check missed)", () => {
  const agent = () => getAgent({ allowPrivateNetworks: false, connectTimeoutMs: 1_000 });
  const send = (url: string) =>
    sendRequest(new URL(url), { agent: agent(), headers: {}, signal: AbortSignal.timeout(2_000), timeoutMs: 2_000 });

  it("a name that resolves to loopback is refused by the guarded DNS lookup", async () => {
    await expect(send(`http://localhost:${publisher.port}/feed`)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it("an IP literal is refused by the guarded connector, before a socket is opened", async () => {
    await expect(send(publisher.url("/feed"))).rejects.toThrow("127.0.0.1 is not a public address (loopback)");
    await expect(send(`http://[::ffff:7f00:1]:${publisher.port}/feed`)).rejects.toBeInstanceOf(BlockedAddressError);
    expect(sockets).toBe(0);
  });
});
