import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildUserAgent, fetchFeed, type FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import type { FetchRequest, FetchResult } from "@/lib/pipeline/fetch/types";
import {
  churningEtag,
  dropMidBody,
  encodeBody,
  feed,
  HTML_PAGE,
  rateLimited,
  resetConnection,
  SAMPLE_ATOM,
  SAMPLE_JSON_FEED,
  SAMPLE_RSS,
  startPublisher,
  status,
  TRUNCATED_XML,
  type Encoding,
  type Publisher,
} from "@/tests/helpers/publisher";

const userAgent = buildUserAgent({ version: "0.1.0", publicUrl: "https://reader.example", subscribers: 3 });
const options: FetchOptions = { userAgent, timeoutMs: 5_000, maxBodyBytes: 10 * 2 ** 20, allowPrivateNetworks: true };
const LAST_MODIFIED = "Mon, 01 Jan 2024 10:00:00 GMT";

let publisher: Publisher;
beforeAll(async () => {
  publisher = await startPublisher();
});
afterAll(() => publisher.close());
beforeEach(() => publisher.clearRequests());

function get(path: string, validators: Partial<FetchRequest> = {}): Promise<FetchResult> {
  return fetchFeed({ url: publisher.url(path), etag: null, lastModified: null, ...validators }, options);
}

describe("the three outcomes", () => {
  it("a 200 is ok with the body and the validators the server sent, raw", async () => {
    publisher.setRoute("/rss", feed({ body: SAMPLE_RSS, etag: 'W/"abc-1"', lastModified: LAST_MODIFIED }));
    const result = await get("/rss");
    expect(result.outcome).toBe("ok");
    if (result.outcome !== "ok") return;
    expect(result.body.toString("utf8")).toBe(SAMPLE_RSS);
    expect(result.meta).toMatchObject({
      requestedUrl: publisher.url("/rss"),
      finalUrl: publisher.url("/rss"),
      redirects: [],
      permanentRedirectUrl: null,
      httpStatus: 200,
      conditional: false,
      bytesReceived: Buffer.byteLength(SAMPLE_RSS),
      headers: { etag: 'W/"abc-1"', lastModified: LAST_MODIFIED, contentType: "application/rss+xml; charset=utf-8" },
    });
    expect(result.meta.durationMs).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ["a strong ETag", { etag: '"v1"' }, { etag: '"v1"' }],
    ["a weak ETag", { etag: 'W/"v1"' }, { etag: 'W/"v1"' }],
    ["a Last-Modified date", { lastModified: LAST_MODIFIED }, { lastModified: LAST_MODIFIED }],
    ["both validators", { etag: '"v1"', lastModified: LAST_MODIFIED }, { etag: '"v1"', lastModified: LAST_MODIFIED }],
  ])("a 304 for %s is not_modified, conditional, and reads no body", async (_name, served, stored) => {
    publisher.setRoute("/conditional", feed({ body: SAMPLE_RSS, ...served }));
    const result = await get("/conditional", stored);
    expect(result.outcome).toBe("not_modified");
    expect(result.meta).toMatchObject({ httpStatus: 304, conditional: true, bytesReceived: 0 });
  });

  it("a server that ignores validators answers 200 and the fetch is ok", async () => {
    publisher.setRoute("/ignores", feed({ body: SAMPLE_RSS, etag: '"v1"', honourValidators: false }));
    const result = await get("/ignores", { etag: '"v1"' });
    expect(result.outcome).toBe("ok");
    expect(result.meta.conditional).toBe(true);
  });

  it("ETag churn: every fetch is a 200 with a new ETag surfaced raw", async () => {
    publisher.setRoute("/churn", feed({ body: SAMPLE_RSS, etag: churningEtag() }));
    const first = await get("/churn");
    const second = await get("/churn", { etag: first.meta.headers.etag });
    expect([first.outcome, second.outcome]).toEqual(["ok", "ok"]);
    expect([first.meta.headers.etag, second.meta.headers.etag]).toEqual(['"v1"', '"v2"']);
  });

  it.each([
    ["an HTML page", HTML_PAGE, "text/html; charset=utf-8"],
    ["truncated XML", TRUNCATED_XML, "application/rss+xml"],
    ["an Atom feed", SAMPLE_ATOM, "application/atom+xml"],
    ["a JSON Feed", SAMPLE_JSON_FEED, "application/feed+json"],
  ])("%s is ok here: judging the body is the parse step's job", async (_name, body, contentType) => {
    publisher.setRoute("/body", feed({ body, contentType }));
    const result = await get("/body");
    expect(result.outcome).toBe("ok");
    expect(result.meta.headers.contentType).toBe(contentType);
  });
});

describe("request headers", () => {
  it("sends exactly User-Agent, Accept, Accept-Encoding (plus Host and Connection) on a first fetch", async () => {
    publisher.setRoute("/headers", feed({ body: SAMPLE_RSS }));
    await get("/headers");
    const [request] = publisher.requestsTo("/headers");
    const names = (request?.rawHeaders ?? []).filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(names.sort()).toEqual(["accept", "accept-encoding", "connection", "host", "user-agent"]);
    expect(request?.path).toBe("/headers"); // no cache-busting query
    expect(request?.headers["user-agent"]).toBe(
      "Tidings/0.1.0 (+https://reader.example; self-hosted feed reader; 3 subscribers)",
    );
    expect(request?.headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(request?.headers.accept).toMatch(/^application\/rss\+xml, application\/atom\+xml, application\/feed\+json/);
  });

  it.each([
    ['"abc"', null],
    ['W/"abc"', null],
    ['W/"a \\"quoted\\" tag"', "Tue, 02 Jan 2024 03:04:05 GMT"],
    [null, "Mon, 01 Jan 2024 10:00:00 GMT"],
    [null, "not even a date, sent anyway"],
  ])(
    "validators go back byte for byte (etag %s, last-modified %s) and nothing else is added",
    async (etag, lastModified) => {
      publisher.setRoute("/validators", status(304));
      const result = await get("/validators", { etag, lastModified });
      const [request] = publisher.requestsTo("/validators");
      expect(request?.headers["if-none-match"]).toBe(etag ?? undefined);
      expect(request?.headers["if-modified-since"]).toBe(lastModified ?? undefined);
      expect(request?.headers.cookie).toBeUndefined();
      expect(request?.headers.referer).toBeUndefined();
      expect(result.meta.conditional).toBe(true);
    },
  );
});

describe("content encodings", () => {
  it.each<Encoding>(["gzip", "x-gzip", "br", "deflate", "deflate-raw"])(
    "%s is decoded, and bytesReceived is the compressed size",
    async (encoding) => {
      publisher.setRoute("/encoded", feed({ body: SAMPLE_RSS, encoding }));
      const result = await get("/encoded");
      expect(result.outcome).toBe("ok");
      if (result.outcome !== "ok") return;
      expect(result.body.toString("utf8")).toBe(SAMPLE_RSS);
      expect(result.meta.bytesReceived).toBe(encodeBody(SAMPLE_RSS, encoding).length);
      expect(result.meta.bytesReceived).not.toBe(Buffer.byteLength(SAMPLE_RSS));
    },
  );

  it("an encoding we never offered is not_a_feed, named in the detail", async () => {
    publisher.setRoute("/zstd", feed({ body: SAMPLE_RSS, headers: { "Content-Encoding": "zstd" } }));
    const result = await get("/zstd");
    expect(result).toMatchObject({
      outcome: "error",
      errorKind: "not_a_feed",
      detail: "unsupported Content-Encoding: zstd",
    });
    expect(result.meta.headers.contentEncoding).toBe("zstd");
  });

  it("a body that claims gzip but is not is a parse error, not a network one", async () => {
    publisher.setRoute("/fake-gzip", feed({ body: SAMPLE_RSS, headers: { "Content-Encoding": "gzip" } }));
    const result = await get("/fake-gzip");
    expect(result).toMatchObject({ outcome: "error", errorKind: "parse" });
    if (result.outcome === "error") expect(result.detail).toMatch(/^gzip body could not be decoded/);
  });
});

describe("status codes", () => {
  it.each([
    [404, {}, "not_found", "HTTP 404 Not Found"],
    [410, {}, "gone", "HTTP 410 Gone"],
    [429, { "Retry-After": "120" }, "rate_limited", "HTTP 429 Too Many Requests (Retry-After: 120)"],
    [
      429,
      { "Retry-After": "Wed, 21 Oct 2037 07:28:00 GMT" },
      "rate_limited",
      "HTTP 429 Too Many Requests (Retry-After: Wed, 21 Oct 2037 07:28:00 GMT)",
    ],
    [429, {}, "rate_limited", "HTTP 429 Too Many Requests"],
    [503, { "Retry-After": "3600" }, "rate_limited", "HTTP 503 Service Unavailable (Retry-After: 3600)"],
    [503, {}, "http_5xx", "HTTP 503 Service Unavailable"],
    [500, {}, "http_5xx", "HTTP 500 Internal Server Error"],
    [502, {}, "http_5xx", "HTTP 502 Bad Gateway"],
    [401, {}, "http_4xx", "HTTP 401 Unauthorized"],
    [403, {}, "http_4xx", "HTTP 403 Forbidden"],
    [451, {}, "http_4xx", "HTTP 451 Unavailable For Legal Reasons"],
    [204, {}, "not_a_feed", "HTTP 204 No Content: no complete feed in the response"],
    [302, {}, "not_a_feed", "HTTP 302 Found: redirect not followed (no Location)"],
  ] as const)("%i %j → %s", async (code, headers, errorKind, detail) => {
    publisher.setRoute("/status", status(code, { headers }));
    const result = await get("/status");
    expect(result).toMatchObject({ outcome: "error", errorKind, detail, meta: { httpStatus: code } });
    expect(result.meta.headers.retryAfter).toBe("Retry-After" in headers ? headers["Retry-After"] : null);
  });

  it("a 203 is treated like a 200", async () => {
    publisher.setRoute("/203", (_request, response) => void response.writeHead(203).end(SAMPLE_RSS));
    const result = await get("/203");
    expect(result.outcome).toBe("ok");
  });

  it("Retry-After on a 429 built by rateLimited() reaches meta.headers", async () => {
    const date = new Date(Date.UTC(2037, 0, 1)).toUTCString();
    publisher.setRoute("/slow-down", rateLimited(date));
    const result = await get("/slow-down");
    expect(result.meta.headers.retryAfter).toBe(date);
  });
});

describe("broken connections", () => {
  it("a connection closed before any response is a connect error", async () => {
    publisher.setRoute("/reset", resetConnection());
    const result = await get("/reset");
    expect(result).toMatchObject({ outcome: "error", errorKind: "connect", meta: { httpStatus: null } });
  });

  it("a connection closed in the middle of the body is a network error", async () => {
    publisher.setRoute("/drop", dropMidBody());
    const result = await get("/drop");
    expect(result).toMatchObject({ outcome: "error", errorKind: "network", meta: { httpStatus: 200 } });
  });
});
