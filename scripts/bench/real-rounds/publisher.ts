// The real-round benchmark's publisher: one node:http server per host (127.0.0.10, .11, ...: IP
// literals, so each is a registrable domain of its own), serving the population's feeds with their
// behaviours, on the benchmark's virtual clock (items appear at their virtual publication time;
// Last-Modified and Retry-After holds are virtual times). It logs every request as the publisher
// sees it, which is all the benchmark measures.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRandom } from "../../seeded-random";
import { ENTITY_BOMB_XML, TRUNCATED_XML } from "@/tests/helpers/publisher";
import { SHARED_HOSTS, type Feed } from "./population";

export type LoggedRequest = {
  /** Virtual ms at arrival. */
  at: number;
  host: number;
  path: string;
  feedId: number | null;
  status: number;
  bodyBytes: number;
  /** Sent If-None-Match or If-Modified-Since. */
  conditional: boolean;
  /** The response carried an ETag or Last-Modified. */
  sentValidator: boolean;
  /** Arrived while this host's Retry-After (sent by this publisher) was running. */
  duringHold: boolean;
  /** Arrived after this path had answered 410. */
  afterGone: boolean;
};

export type PublisherRun = {
  requests: LoggedRequest[];
  /** "feedId:post index" → virtual ms of the first full body that carried the item. */
  firstServed: Map<string, number>;
  close(): Promise<void>;
  urlOf(feed: Feed): string;
};

export const TOO_LARGE_BYTES = 2 * 1024 * 1024;
const RETRY_AFTER_SECONDS = 120;
const SLOW_MS = 150;
const KEPT_ITEMS = 20;
const PARAGRAPH =
  "Some realistic paragraph of text about the post, long enough to weigh what a real item weighs. ".repeat(6);

type Answer = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  delayMs?: number;
  hang?: boolean;
  items?: { feedId: number; indexes: number[] };
};

/** How many of the feed's posts are out at virtual time t. */
export function postsOutAt(feed: Feed, t: number): number {
  let count = 0;
  while (count < feed.posts.length && feed.posts[count]! <= t) count += 1;
  return count;
}

export function renderFeed(feed: Feed, count: number): Buffer {
  const items = [];
  for (let index = count - 1; index >= Math.max(0, count - KEPT_ITEMS); index -= 1) {
    items.push(
      `<item><guid>urn:bench:${feed.id}:${index}</guid><title>Feed ${feed.id}, post ${index}</title><link>https://publisher.example/${feed.id}/${index}</link><description>${PARAGRAPH}</description><pubDate>${new Date(feed.posts[index]!).toUTCString()}</pubDate></item>`,
    );
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed ${feed.id}</title><link>https://publisher.example/${feed.id}/</link>${items.join("")}</channel></rss>`,
  );
}

export const STATIC_BODIES: Partial<Record<Feed["behaviour"], { body: Buffer; contentType: string }>> = {
  too_large: { body: Buffer.alloc(TOO_LARGE_BYTES, "<!-- filler -->"), contentType: "application/rss+xml" },
  malformed: { body: Buffer.from(TRUNCATED_XML), contentType: "application/rss+xml" },
  entity: { body: Buffer.from(ENTITY_BOMB_XML), contentType: "application/rss+xml" },
  html_without_link: {
    body: Buffer.from("<!doctype html><html><head><title>Home</title></head><body><p>No feed here.</p></body></html>"),
    contentType: "text/html; charset=utf-8",
  },
};

export async function startBenchPublisher(feeds: Feed[], now: () => number, start: number): Promise<PublisherRun> {
  const rng = createRandom(1414);
  const requests: LoggedRequest[] = [];
  const firstServed = new Map<string, number>();
  const holds = new Map<number, number>();
  const gonePaths = new Set<string>();
  let churn = 0;
  const byId = new Map(feeds.map((feed) => [feed.id, feed]));

  /** 304 if the request's validators match, else the body (RFC 9110 §13.1: If-None-Match wins). */
  function conditionalAnswer(
    request: IncomingMessage,
    etag: string,
    lastModified: number,
    body: Buffer,
    contentType: string,
  ): Answer {
    const headers = { ETag: etag, "Last-Modified": new Date(lastModified).toUTCString(), "Content-Type": contentType };
    const inm = request.headers["if-none-match"];
    const ims = request.headers["if-modified-since"];
    const fresh =
      inm !== undefined
        ? inm
            .split(",")
            .map((tag) => tag.trim())
            .includes(etag)
        : ims !== undefined && Date.parse(ims) >= Math.floor(lastModified / 1000) * 1000;
    return fresh
      ? { status: 304, headers: { ETag: etag, "Last-Modified": headers["Last-Modified"] }, body: Buffer.alloc(0) }
      : { status: 200, headers, body };
  }

  function feedAnswer(
    request: IncomingMessage,
    feed: Feed,
    t: number,
    validators: "honour" | "ignore" | "churn",
  ): Answer {
    const count = postsOutAt(feed, t);
    const body = renderFeed(feed, count);
    const lastModified = feed.posts[count - 1] ?? start;
    const items = {
      feedId: feed.id,
      indexes: Array.from({ length: Math.min(count, KEPT_ITEMS) }, (_, k) => count - 1 - k),
    };
    const contentType = "application/rss+xml";
    if (validators === "churn")
      return {
        status: 200,
        headers: { ETag: `"f${feed.id}-r${(churn += 1)}"`, "Content-Type": contentType },
        body,
        items,
      };
    const answer = conditionalAnswer(request, `"f${feed.id}-n${count}"`, lastModified, body, contentType);
    if (validators === "ignore")
      return { ...answer, status: 200, headers: { ...answer.headers, "Content-Type": contentType }, body, items };
    return answer.status === 200 ? { ...answer, items } : answer;
  }

  function answer(request: IncomingMessage, feed: Feed, path: string, t: number): Answer {
    const empty = (status: number, headers: Record<string, string> = {}): Answer => ({
      status,
      headers,
      body: Buffer.alloc(0),
    });
    const base = `/f${feed.id}`;
    const fixed = STATIC_BODIES[feed.behaviour];
    if (fixed)
      return conditionalAnswer(
        request,
        `"f${feed.id}-static"`,
        start - 30 * 24 * 3600_000,
        fixed.body,
        fixed.contentType,
      );
    switch (feed.behaviour) {
      case "html_with_link":
        return path === `${base}.xml`
          ? conditionalAnswer(
              request,
              `"f${feed.id}-page"`,
              start - 30 * 24 * 3600_000,
              pageLinkingTo(`${base}-feed.xml`),
              "text/html; charset=utf-8",
            )
          : feedAnswer(request, feed, t, "honour");
      case "hanging":
        return { ...empty(200), hang: true };
      case "not_found":
        return empty(404);
      case "gone":
        if (t >= feed.goneAt!) return empty(410);
        return feedAnswer(request, feed, t, "honour");
      case "rate_limited":
        if (rng() < 0.15) {
          holds.set(feed.host, t + RETRY_AFTER_SECONDS * 1000);
          return empty(429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
        }
        return feedAnswer(request, feed, t, "honour");
      case "flaky":
        return rng() < 0.25 ? empty(503) : feedAnswer(request, feed, t, "honour");
      case "moved":
        return path === `${base}.xml`
          ? empty(301, { Location: `${base}-new.xml` })
          : feedAnswer(request, feed, t, "honour");
      case "found":
        return path === `${base}.xml`
          ? empty(302, { Location: `${base}-now.xml` })
          : feedAnswer(request, feed, t, "honour");
      case "slow":
        return { ...feedAnswer(request, feed, t, "honour"), delayMs: SLOW_MS };
      case "ignores_validators":
        return feedAnswer(request, feed, t, "ignore");
      case "churns_etag":
        return feedAnswer(request, feed, t, "churn");
      default:
        return feedAnswer(request, feed, t, "honour");
    }
  }

  function handle(host: number, request: IncomingMessage, response: ServerResponse): void {
    const t = now();
    const path = (request.url ?? "/").split("?")[0]!;
    const feedId = Number(/^\/f(\d+)[.-]/.exec(path)?.[1] ?? Number.NaN);
    const feed = byId.get(feedId);
    const hold = holds.get(host) ?? Number.NEGATIVE_INFINITY;
    const entry: LoggedRequest = {
      at: t,
      host,
      path,
      feedId: feed ? feed.id : null,
      status: 0,
      bodyBytes: 0,
      conditional: request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined,
      sentValidator: false,
      duringHold: t < hold,
      afterGone: gonePaths.has(`${host}${path}`),
    };
    requests.push(entry);
    let result: Answer;
    if (!feed)
      result = { status: 404, headers: {}, body: Buffer.alloc(0) }; // robots.txt and anything else
    else if (entry.duringHold)
      result = { status: 429, headers: { "Retry-After": String(Math.ceil((hold - t) / 1000)) }, body: Buffer.alloc(0) };
    else result = answer(request, feed, path, t);
    if (result.hang) return;
    entry.status = result.status;
    entry.sentValidator = "ETag" in result.headers || "Last-Modified" in result.headers;
    if (result.status === 410) gonePaths.add(`${host}${path}`);
    if (result.status === 200 && result.items)
      for (const index of result.items.indexes)
        if (!firstServed.has(`${result.items.feedId}:${index}`)) firstServed.set(`${result.items.feedId}:${index}`, t);
    const send = () => {
      response.writeHead(result.status, { ...result.headers, "Content-Length": String(result.body.length) });
      sendBody(response, result.body, (bytes) => (entry.bodyBytes = bytes));
    };
    if (result.delayMs) setTimeout(send, result.delayMs);
    else send();
  }

  const servers: Server[] = [];
  const ports: number[] = [];
  for (let host = 0; host <= SHARED_HOSTS; host += 1) {
    const server = createServer((request, response) => handle(host, request, response));
    await new Promise<void>((resolve) => server.listen(0, addressOf(host), resolve));
    servers.push(server);
    ports.push((server.address() as AddressInfo).port);
  }
  return {
    requests,
    firstServed,
    urlOf: (feed) => `http://${addressOf(feed.host)}:${ports[feed.host]}/f${feed.id}.xml`,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

/** The HTML page an html_with_link source's URL answers: one <link rel=alternate> to its feed. */
export function pageLinkingTo(href: string): Buffer {
  return Buffer.from(
    `<!doctype html><html><head><title>Home</title><link rel="alternate" type="application/rss+xml" href="${href}"></head><body><h1>Welcome</h1></body></html>`,
  );
}

function addressOf(host: number): string {
  return `127.0.0.${10 + host}`;
}

/** Writes the body in 64 KiB chunks, counting what was handed to the socket before the client closed. */
function sendBody(response: ServerResponse, body: Buffer, counted: (bytes: number) => void): void {
  let offset = 0;
  const pump = () => {
    while (offset < body.length && !response.destroyed) {
      const chunk = body.subarray(offset, offset + 65_536);
      offset += chunk.length;
      counted(offset);
      if (!response.write(chunk)) return void response.once("drain", pump);
    }
    response.end();
  };
  response.once("close", () => (offset = body.length));
  pump();
}
