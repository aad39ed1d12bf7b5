import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUserAgent, fetchFeed, type FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import {
  delay,
  feed,
  hang,
  hangBeforeHeaders,
  redirect,
  SAMPLE_RSS,
  startPublisher,
  type Publisher,
} from "@/tests/helpers/publisher";

const TIMEOUT_MS = 400;
// Generous slack for a loaded CI machine; the point is "ends near the budget", not "after minutes".
const SLACK_MS = 1_000;
const userAgent = buildUserAgent({ version: "0.1.0", publicUrl: null, subscribers: 2 });
const options: FetchOptions = { userAgent, timeoutMs: TIMEOUT_MS, maxBodyBytes: 2 ** 20, allowPrivateNetworks: true };

let publisher: Publisher;
beforeAll(async () => {
  publisher = await startPublisher({
    "/slow-headers": delay(5_000, feed({ body: SAMPLE_RSS })),
    "/no-headers": hangBeforeHeaders(),
    "/hanging-body": hang({ prefix: "<?xml version='1.0'?><rss>" }),
    "/hanging-after-redirect": redirect(301, "/hanging-body"),
    "/a-bit-slow": delay(100, feed({ body: SAMPLE_RSS })),
  });
});
afterAll(() => publisher.close());

async function timed(
  url: string,
  extra: Partial<FetchOptions> = {},
): Promise<{ result: FetchResult; elapsed: number }> {
  const started = performance.now();
  const result = await fetchFeed({ url, etag: null, lastModified: null }, { ...options, ...extra });
  return { result, elapsed: performance.now() - started };
}

describe("timeouts: the total budget covers connect, headers, body and every hop", () => {
  it.each([
    ["slow headers", "/slow-headers", null],
    ["no headers at all", "/no-headers", null],
    ["a body that stops after the headers", "/hanging-body", 200],
    ["a hanging body after a redirect", "/hanging-after-redirect", 200],
  ])("%s → timeout within the budget", async (_name, path, httpStatus) => {
    const { result, elapsed } = await timed(publisher.url(path));
    expect(result).toMatchObject({
      outcome: "error",
      errorKind: "timeout",
      detail: `no complete response within ${TIMEOUT_MS} ms (total budget)`,
      meta: { httpStatus },
    });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(result.meta.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
  });

  it("a response inside the budget is not cut short", async () => {
    const { result } = await timed(publisher.url("/a-bit-slow"));
    expect(result.outcome).toBe("ok");
  });
});

describe("transport failures", () => {
  let closedPort: number;
  beforeAll(async () => {
    // A port that was just listening and is now closed: connection refused, deterministically.
    const server = createHttpServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closedPort = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
  });

  it("connection refused → connect", async () => {
    const { result } = await timed(`http://127.0.0.1:${closedPort}/feed`, { timeoutMs: 5_000 });
    expect(result).toMatchObject({
      outcome: "error",
      errorKind: "connect",
      detail: `connect ECONNREFUSED 127.0.0.1:${closedPort}`,
      meta: { httpStatus: null, bytesReceived: 0 },
    });
  });

  it("a name that does not resolve (.invalid, RFC 6761 §6.4) → dns", async () => {
    const { result } = await timed("http://nonexistent.invalid/feed.xml", { timeoutMs: 5_000 });
    expect(result).toMatchObject({ outcome: "error", errorKind: "dns" });
    if (result.outcome === "error") expect(result.detail).toMatch(/nonexistent\.invalid/);
  });

  it("TLS spoken to a plain HTTP server → tls, with a readable detail", async () => {
    const { result } = await timed(publisher.url("/a-bit-slow").replace("http:", "https:"), { timeoutMs: 5_000 });
    expect(result).toMatchObject({ outcome: "error", errorKind: "tls" });
    if (result.outcome === "error") {
      expect(result.detail).toMatch(/^TLS: /);
      expect(result.detail).not.toMatch(/deps\/openssl/);
    }
  });
});
