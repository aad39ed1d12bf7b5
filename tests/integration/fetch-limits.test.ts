import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUserAgent, fetchFeed, type FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import { feed, gzipBomb, hugeBody, startPublisher, type Publisher } from "@/tests/helpers/publisher";

const MiB = 2 ** 20;
const userAgent = buildUserAgent({ version: "0.1.0", publicUrl: null, subscribers: 1 });
const options: FetchOptions = { userAgent, timeoutMs: 20_000, maxBodyBytes: 10 * MiB, allowPrivateNetworks: true };

let publisher: Publisher;
beforeAll(async () => {
  publisher = await startPublisher({
    "/huge-chunked": hugeBody({ bytes: 1024 * MiB }),
    "/huge-announced": hugeBody({ bytes: 1024 * MiB, contentLength: true }),
    "/gzip-bomb": gzipBomb(1024),
    "/br-bomb": gzipBomb(1024, "br"),
    "/exactly-the-limit": feed({ body: Buffer.alloc(10 * MiB, " "), encoding: "gzip" }),
  });
});
afterAll(() => publisher.close());

/** Fetches while sampling RSS every few ms; returns the peak growth over the starting RSS. */
async function fetchMeasuringMemory(path: string): Promise<{ result: FetchResult; peakGrowth: number }> {
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await fetchFeed({ url: publisher.url(path), etag: null, lastModified: null }, options);
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakGrowth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

describe("maxBodyBytes, counted after decompression", () => {
  it.each([
    [
      "a 1 GiB gzip bomb",
      "/gzip-bomb",
      "more than 10 MiB after decompression, over the 10 MiB limit: raise TIDINGS_MAX_BODY_BYTES to read it",
      MiB,
    ],
    [
      "a 1 GiB brotli bomb",
      "/br-bomb",
      "more than 10 MiB after decompression, over the 10 MiB limit: raise TIDINGS_MAX_BODY_BYTES to read it",
      MiB,
    ],
    [
      "a 1 GiB chunked body",
      "/huge-chunked",
      "more than 10 MiB, over the 10 MiB limit: raise TIDINGS_MAX_BODY_BYTES to read it",
      12 * MiB,
    ],
  ])("%s → too_large, stopped early, with flat memory", async (_name, path, detail, maxWireBytes) => {
    const started = performance.now();
    const { result, peakGrowth } = await fetchMeasuringMemory(path);
    expect(result).toMatchObject({ outcome: "error", errorKind: "too_large", detail, meta: { httpStatus: 200 } });
    expect(result.meta.bytesReceived).toBeGreaterThan(0);
    expect(result.meta.bytesReceived).toBeLessThan(maxWireBytes);
    expect(peakGrowth).toBeLessThan(100 * MiB);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("an announced Content-Length over the limit is refused without reading the body", async () => {
    const { result } = await fetchMeasuringMemory("/huge-announced");
    expect(result).toMatchObject({
      outcome: "error",
      errorKind: "too_large",
      detail: "1 GiB (Content-Length), over the 10 MiB limit: raise TIDINGS_MAX_BODY_BYTES to read it",
      meta: { bytesReceived: 0 },
    });
  });

  it("a body of exactly maxBodyBytes after decompression is accepted", async () => {
    const result = await fetchFeed(
      { url: publisher.url("/exactly-the-limit"), etag: null, lastModified: null },
      options,
    );
    expect(result.outcome).toBe("ok");
    if (result.outcome === "ok") expect(result.body.length).toBe(10 * MiB);
    expect(result.meta.bytesReceived).toBeLessThan(MiB);
  });

  it("the server stops producing once the client has given up", async () => {
    publisher.clearRequests();
    await fetchFeed({ url: publisher.url("/gzip-bomb"), etag: null, lastModified: null }, options);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [request] = publisher.requestsTo("/gzip-bomb");
    expect(request?.completed).toBe(false);
    expect(request?.finishedAt).not.toBeNull();
  });
});
