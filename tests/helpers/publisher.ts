/**
 * A local feed publisher for integration tests and benchmarks: a real `node:http` server on
 * 127.0.0.1 (port 0), a per-path routing table, and a record of every request it received.
 *
 *   const publisher = await startPublisher({ "/feed.xml": feed({ body: SAMPLE_RSS, etag: '"v1"' }) });
 *   afterAll(() => publisher.close());
 *
 *   const result = await fetchFeed({ url: publisher.url("/feed.xml"), etag: null, lastModified: null }, options);
 *   expect(publisher.requestsTo("/feed.xml")[0]?.headers["user-agent"]).toMatch(/^Tidings\//);
 *
 *   publisher.setRoute("/feed.xml", rateLimited(120)); // change behaviour between two fetches
 *   expect(publisher.maxConcurrency()).toBe(1);        // a polite round never overlaps requests
 *
 * Every request is recorded (method, path with query, headers and rawHeaders, arrivedAt/finishedAt
 * from performance.now(), completed, remotePort) in `publisher.requests`, in arrival order.
 * Unknown paths answer 404. `close()` drops open connections too (hanging handlers included).
 *
 * Handlers (each returns a `Handler`; compose them freely):
 *   feed({ body, etag?, lastModified?, honourValidators?, encoding?, contentType?, headers? })
 *       200 with validators; answers 304 when If-None-Match / If-Modified-Since match (RFC 9110 §13.1)
 *       unless `honourValidators: false`. `etag` may be a function (see `churningEtag()`).
 *       `encoding` ("gzip" | "x-gzip" | "br" | "deflate" | "deflate-raw") is applied whatever the
 *       request's Accept-Encoding, so tests can check decoding; `encodeBody()` gives the same bytes.
 *   status(code, { headers?, body? })   any status; rateLimited(retryAfter, code = 429) adds Retry-After
 *   redirect(code, location)             3xx with Location (relative or absolute)
 *   delay(ms, handler)                   slow headers: waits, then delegates
 *   hangBeforeHeaders()                  never answers
 *   hang({ prefix? })                    200 headers (and an optional first chunk), then nothing
 *   hugeBody({ bytes, contentLength? })  streams `bytes` of filler lazily (constant memory)
 *   gzipBomb(megabytes, encoding?)       streams gzip/br-compressed zeros lazily (constant memory)
 *   resetConnection()                    destroys the socket before any response
 *   dropMidBody()                        announces 1000 bytes, sends 100, destroys the socket
 *   sequence(...handlers)                n-th request → n-th handler (the last one repeats)
 * Bodies: SAMPLE_RSS, SAMPLE_ATOM, SAMPLE_JSON_FEED, HTML_PAGE, TRUNCATED_XML, ENTITY_BOMB_XML, rssFeed(),
 * largeFeed() (thousands of items of ordinary HTML).
 */
import {
  createServer,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { Readable, pipeline } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";

export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export type RecordedRequest = {
  method: string;
  /** Path and query as requested. */
  path: string;
  /** Lower-cased names; use rawHeaders to see exact names and order. */
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  /** performance.now() when the request headers arrived. */
  arrivedAt: number;
  /** performance.now() when the response finished or the connection was dropped; null while open. */
  finishedAt: number | null;
  /** Whether the whole response was written (false when the client or the handler cut it short). */
  completed: boolean;
  /** The client's port: equal ports on two requests mean one reused (keep-alive) connection. */
  remotePort: number | undefined;
};

export type Publisher = {
  origin: string;
  port: number;
  url(path: string): string;
  setRoute(path: string, handler: Handler): void;
  requests: RecordedRequest[];
  /** Requests whose path (with or without the query) equals `path`. */
  requestsTo(path: string): RecordedRequest[];
  clearRequests(): void;
  /** The largest number of requests that were open at the same time. */
  maxConcurrency(): number;
  close(): Promise<void>;
};

/** `host`: another loopback address (127.0.0.2, ...) is another host name to Tidings, on the same machine. */
export async function startPublisher(
  routes: Record<string, Handler> = {},
  options: { host?: string } = {},
): Promise<Publisher> {
  const host = options.host ?? "127.0.0.1";
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const record: RecordedRequest = {
      method: request.method ?? "GET",
      path: request.url ?? "/",
      headers: request.headers,
      rawHeaders: request.rawHeaders,
      arrivedAt: performance.now(),
      finishedAt: null,
      completed: false,
      remotePort: request.socket.remotePort,
    };
    requests.push(record);
    response.on("close", () => {
      record.finishedAt = performance.now();
      record.completed = response.writableFinished;
    });
    const handler = table.get(record.path.split("?")[0] ?? "/") ?? status(404);
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  let closing: Promise<void> | null = null;
  return {
    origin,
    port,
    requests,
    url: (path) => `${origin}${path}`,
    setRoute: (path, handler) => void table.set(path, handler),
    requestsTo: (path) => requests.filter((r) => r.path === path || r.path.split("?")[0] === path),
    clearRequests: () => void requests.splice(0),
    maxConcurrency: () => countMaxOverlap(requests),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive and hanging responses would hold close() open
      });
      return closing;
    },
  };
}

export function countMaxOverlap(requests: readonly RecordedRequest[]): number {
  const events = requests.flatMap((r) => [
    { at: r.arrivedAt, delta: 1 },
    { at: r.finishedAt ?? Number.POSITIVE_INFINITY, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta); // an end and a start at the same instant do not overlap
  let open = 0;
  let max = 0;
  for (const event of events) {
    open += event.delta;
    max = Math.max(max, open);
  }
  return max;
}

// ---------------------------------------------------------------------------------------------
// Handlers

export type Encoding = "gzip" | "x-gzip" | "br" | "deflate" | "deflate-raw";

export type FeedOptions = {
  body: string | Buffer;
  contentType?: string;
  etag?: string | (() => string);
  lastModified?: string;
  honourValidators?: boolean;
  encoding?: Encoding;
  headers?: Record<string, string>;
};

export function feed(options: FeedOptions): Handler {
  const encoded = options.encoding ? encodeBody(options.body, options.encoding) : Buffer.from(options.body);
  return (request, response) => {
    const etag = typeof options.etag === "function" ? options.etag() : options.etag;
    const validators: Record<string, string> = {};
    if (etag !== undefined) validators.ETag = etag;
    if (options.lastModified !== undefined) validators["Last-Modified"] = options.lastModified;
    if (options.honourValidators !== false && isNotModified(request.headers, etag, options.lastModified)) {
      response.writeHead(304, validators).end();
      return;
    }
    const coding = options.encoding === "deflate-raw" ? "deflate" : options.encoding;
    response.writeHead(200, {
      "Content-Type": options.contentType ?? "application/rss+xml; charset=utf-8",
      "Content-Length": String(encoded.length),
      ...(coding ? { "Content-Encoding": coding, Vary: "Accept-Encoding" } : {}),
      ...validators,
      ...options.headers,
    });
    response.end(encoded);
  };
}

/** RFC 9110 §13.1.2: If-None-Match uses weak comparison and, when present, If-Modified-Since is ignored. */
function isNotModified(
  headers: IncomingHttpHeaders,
  etag: string | undefined,
  lastModified: string | undefined,
): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    if (etag === undefined) return false;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
  }
  const since = headers["if-modified-since"];
  if (since === undefined || lastModified === undefined) return false;
  return Date.parse(lastModified) <= Date.parse(since);
}

/** A new strong ETag on every call: the "ETag churn" some servers show. */
export function churningEtag(prefix = "v"): () => string {
  let n = 0;
  return () => `"${prefix}${++n}"`;
}

export function encodeBody(body: string | Buffer, encoding: Encoding): Buffer {
  const input = Buffer.from(body);
  if (encoding === "gzip" || encoding === "x-gzip") return gzipSync(input);
  if (encoding === "br") return brotliCompressSync(input);
  return encoding === "deflate" ? deflateSync(input) : deflateRawSync(input);
}

export function status(code: number, options: { headers?: Record<string, string>; body?: string } = {}): Handler {
  return (_request, response) => {
    const bodyless = code === 204 || code === 205 || code === 304;
    const body = bodyless ? "" : (options.body ?? `${code} ${STATUS_CODES[code] ?? ""}\n`);
    response.writeHead(code, { "Content-Type": "text/plain; charset=utf-8", ...options.headers });
    response.end(body);
  };
}

/** Retry-After as delay-seconds (120) or an HTTP date (new Date(...).toUTCString()). */
/** Behind HTTP Basic authentication (RFC 7617): `next` for the right login, 401 with a challenge otherwise. */
export function basicAuth(user: string, password: string, next: Handler): Handler {
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  return (request, response) => {
    if (request.headers.authorization !== expected)
      return void response.writeHead(401, { "WWW-Authenticate": 'Basic realm="feeds"' }).end("login needed");
    return next(request, response);
  };
}

export function rateLimited(retryAfter: number | string, code = 429): Handler {
  return status(code, { headers: { "Retry-After": String(retryAfter) } });
}

export function redirect(code: number, location: string): Handler {
  return status(code, { headers: { Location: location }, body: `moved to ${location}\n` });
}

export function delay(ms: number, next: Handler): Handler {
  return (request, response) => {
    const timer = setTimeout(() => void Promise.resolve(next(request, response)).catch(() => response.destroy()), ms);
    response.on("close", () => clearTimeout(timer));
  };
}

export function hangBeforeHeaders(): Handler {
  return () => {};
}

export function hang(options: { prefix?: string } = {}): Handler {
  return (_request, response) => {
    response.writeHead(200, { "Content-Type": "application/rss+xml" });
    if (options.prefix !== undefined) response.write(options.prefix);
    response.flushHeaders();
  };
}

const FILLER = Buffer.alloc(64 * 1024, " ");

export function hugeBody(options: { bytes: number; contentLength?: boolean }): Handler {
  return (_request, response) => {
    response.writeHead(200, {
      "Content-Type": "application/rss+xml",
      ...(options.contentLength ? { "Content-Length": String(options.bytes) } : {}),
    });
    pipeline(Readable.from(repeatChunk(FILLER, options.bytes)), response, () => {});
  };
}

const ZEROS = Buffer.alloc(1024 * 1024);

/** `megabytes` MiB of zeros, compressed on the fly as the client reads (~1000:1 for gzip). */
export function gzipBomb(megabytes: number, encoding: "gzip" | "br" = "gzip"): Handler {
  return (_request, response) => {
    response.writeHead(200, { "Content-Type": "application/rss+xml", "Content-Encoding": encoding });
    const compressor =
      encoding === "gzip" ? createGzip() : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    pipeline(Readable.from(repeatChunk(ZEROS, megabytes * ZEROS.length)), compressor, response, () => {});
  };
}

function* repeatChunk(chunk: Buffer, total: number): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent));
}

export function resetConnection(): Handler {
  return (request) => void request.socket.destroy();
}

export function dropMidBody(): Handler {
  return (_request, response) => {
    response.writeHead(200, { "Content-Type": "application/rss+xml", "Content-Length": "1000" });
    response.write(Buffer.alloc(100, " "), () => setTimeout(() => response.socket?.destroy(), 20));
  };
}

export function sequence(...handlers: Handler[]): Handler {
  let calls = 0;
  return (request, response) => {
    const handler = handlers[Math.min(calls++, handlers.length - 1)] ?? status(500);
    return handler(request, response);
  };
}

// ---------------------------------------------------------------------------------------------
// Bodies

export type RssItem = {
  guid: string;
  title: string;
  link: string;
  pubDate?: string;
  /** HTML, sent as CDATA. */ description?: string;
};

/** `link`: the channel's site (default an address no test resolves: sites' icons stay unlooked-for). */
export function rssFeed(input: { title?: string; link?: string; items: RssItem[] }): string {
  const items = input.items
    .map(
      (item) =>
        `<item><guid>${item.guid}</guid><title>${item.title}</title><link>${item.link}</link>` +
        `${item.pubDate ? `<pubDate>${item.pubDate}</pubDate>` : ""}` +
        `${item.description === undefined ? "" : `<description><![CDATA[${item.description}]]></description>`}</item>`,
    )
    .join("\n    ");
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
  <channel>
    <title>${input.title ?? "Sample feed"}</title>
    <link>${input.link ?? "https://publisher.example/"}</link>
    ${items}
  </channel>
</rss>
`;
}

/** About 1 KB of ordinary article HTML (a link, an image, some markup) for every item of largeFeed(). */
const ORDINARY_HTML =
  '<p>A paragraph of <em>ordinary</em> prose with <a href="/more">a link</a> and an <img src="/i.png" alt="image">.</p>'.repeat(
    8,
  );

/** An RSS feed of `items` items (about 1.2 KB each, newest first) whose guids start with `urn:<key>:`. */
export function largeFeed(input: { key: string; items: number; title?: string }): string {
  const newest = Date.UTC(2024, 0, 1);
  return rssFeed({
    title: input.title ?? `Large feed ${input.key}`,
    items: Array.from({ length: input.items }, (_, n) => ({
      guid: `urn:${input.key}:${n}`,
      title: `Item ${n} of ${input.key}`,
      link: `https://publisher.example/${input.key}/${n}`,
      pubDate: new Date(newest - n * 60_000).toUTCString(),
      description: ORDINARY_HTML,
    })),
  });
}

export const SAMPLE_RSS = rssFeed({
  items: [
    {
      guid: "https://publisher.example/2",
      title: "Second post",
      link: "https://publisher.example/2",
      pubDate: "Tue, 02 Jan 2024 10:00:00 GMT",
    },
    {
      guid: "https://publisher.example/1",
      title: "First post",
      link: "https://publisher.example/1",
      pubDate: "Mon, 01 Jan 2024 10:00:00 GMT",
    },
  ],
});

export const SAMPLE_ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Sample Atom feed</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
  <updated>2024-01-02T10:00:00Z</updated>
  <link href="https://publisher.example/"/>
  <entry>
    <title>Atom entry</title>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <link href="https://publisher.example/atom/1"/>
    <updated>2024-01-02T10:00:00Z</updated>
  </entry>
</feed>
`;

export const SAMPLE_JSON_FEED = JSON.stringify({
  version: "https://jsonfeed.org/version/1.1",
  title: "Sample JSON Feed",
  home_page_url: "https://publisher.example/",
  items: [
    { id: "1", url: "https://publisher.example/json/1", title: "JSON item", date_published: "2024-01-02T10:00:00Z" },
  ],
});

export const HTML_PAGE = `<!doctype html>
<html><head><title>Not a feed</title><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head>
<body><h1>Welcome</h1></body></html>
`;

export const TRUNCATED_XML = SAMPLE_RSS.slice(0, Math.floor(SAMPLE_RSS.length / 2));
/** Malformed past recovery: the lenient parse finds no title and no item in it (a parse error). */
export const UNREADABLE_XML = "<rss><channel></chanel></rss>";

/** "Billion laughs": ~3 KB that expands to gigabytes in a parser that expands entities. */
export const ENTITY_BOMB_XML = `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY lol "lol">
${Array.from({ length: 9 }, (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`).join("\n")}
]>
<rss version="2.0"><channel><title>&lol9;</title></channel></rss>
`;
