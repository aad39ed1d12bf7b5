// The lanes benchmark's publisher, run in a process of its own (so Tidings' CPU and memory are
// measured alone): one node:http server per host on 127.10.x.y (distinct loopback addresses,
// distinct registrable domains to Tidings), every answer after `latencyMs`, with the behaviour
// mix of issue 26 (1% hanging, 1.5% slow, some 429 with Retry-After, 404, flaky 503, servers that
// ignore or churn validators). It counts, as a publisher's logs would, what politeness means:
// requests in flight per host, the least gap per host, unconditional repeats to validator-bearing
// feeds, and requests during a Retry-After it sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Behaviour = "honours" | "ignores" | "churns" | "hanging" | "slow" | "rate_limited" | "not_found" | "flaky";

/** Per 200 feeds: 2 hanging (1%), 3 slow (1.5%), 2 rate-limited, 2 not found, 2 flaky, 4 ignoring, 4 churning. */
export function behaviourOf(feed: number): Behaviour {
  const slot = feed % 200;
  if (slot < 2) return "hanging";
  if (slot < 5) return "slow";
  if (slot < 7) return "rate_limited";
  if (slot < 9) return "not_found";
  if (slot < 11) return "flaky";
  if (slot < 15) return "ignores";
  if (slot < 19) return "churns";
  return "honours";
}

export function hostAddress(host: number): string {
  return `127.10.${1 + Math.floor(host / 250)}.${1 + (host % 250)}`;
}

export type PolitenessCounts = {
  requests: number;
  robotsRequests: number;
  maxInFlightPerHost: number;
  leastGapMs: number;
  unconditionalRepeats: number;
  duringHold: number;
};

const SLOW_EXTRA_MS = 1500;
const RETRY_AFTER_SECONDS = 20;
const ITEM = "A paragraph of an ordinary post, about as long as a real one's summary. ".repeat(5);

type HostState = { inFlight: number; lastEnd: number | null; holdUntil: number };
type FeedState = { served: boolean; requests: number };

export async function startLanesPublisher(options: { hosts: number; latencyMs: number }) {
  const hosts: HostState[] = [];
  const feeds = new Map<number, FeedState>();
  let counts = emptyCounts();
  const servers: Server[] = [];

  const handle = (host: HostState, request: IncomingMessage, response: ServerResponse) => {
    const arrived = performance.now();
    counts.requests += 1;
    if (host.lastEnd !== null && host.inFlight === 0)
      counts.leastGapMs = Math.min(counts.leastGapMs, arrived - host.lastEnd);
    host.inFlight += 1;
    counts.maxInFlightPerHost = Math.max(counts.maxInFlightPerHost, host.inFlight);
    if (Date.now() < host.holdUntil) counts.duringHold += 1;
    // The end is taken when the last byte is handed over (the client cannot be done before), or
    // when the client hangs up: a busy publisher's late "close" event would shorten the gaps it sees.
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      host.inFlight -= 1;
      host.lastEnd = performance.now();
    };
    response.on("close", end);
    const answerLater = (delayMs: number, status: number, headers: Record<string, string>, body: string) => {
      const timer = setTimeout(() => {
        end();
        response.writeHead(status, headers).end(body);
      }, delayMs);
      response.on("close", () => clearTimeout(timer));
    };
    const path = request.url ?? "/";
    if (path === "/robots.txt") {
      counts.robotsRequests += 1;
      return answerLater(options.latencyMs, 404, {}, "");
    }
    const id = Number(/^\/feed-(\d+)\.xml$/.exec(path)?.[1] ?? Number.NaN);
    if (!Number.isInteger(id)) return answerLater(options.latencyMs, 404, {}, "");
    const feed = feeds.get(id) ?? { served: false, requests: 0 };
    feeds.set(id, feed);
    feed.requests += 1;
    const conditional =
      request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined;
    const behaviour = behaviourOf(id);
    // A feed that sent validators must be asked conditionally ever after (not the churners: their ETag is new each time, but still sent back).
    if (feed.served && !conditional && behaviour !== "hanging") counts.unconditionalRepeats += 1;
    if (behaviour === "hanging") return; // never answers: held until Tidings' fetch timeout
    if (behaviour === "not_found") return answerLater(options.latencyMs, 404, {}, "");
    if (behaviour === "flaky" && feed.requests % 2 === 1) return answerLater(options.latencyMs, 503, {}, "");
    if (behaviour === "rate_limited" && feed.requests === 1) {
      host.holdUntil = Date.now() + RETRY_AFTER_SECONDS * 1000;
      return answerLater(options.latencyMs, 429, { "Retry-After": String(RETRY_AFTER_SECONDS) }, "");
    }
    const etag = behaviour === "churns" ? `"${id}-${feed.requests}"` : `"${id}-v1"`;
    if (behaviour !== "ignores" && request.headers["if-none-match"] === etag)
      return answerLater(options.latencyMs, 304, { ETag: etag }, "");
    feed.served = true;
    const latency = options.latencyMs + (behaviour === "slow" ? SLOW_EXTRA_MS : 0);
    answerLater(latency, 200, { ETag: etag, "Content-Type": "application/rss+xml" }, renderFeed(id));
  };

  for (let index = 0; index < options.hosts; index += 1) {
    const host: HostState = { inFlight: 0, lastEnd: null, holdUntil: 0 };
    hosts.push(host);
    const server = createServer((request, response) => handle(host, request, response));
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => server.listen(0, hostAddress(index), resolve));
    servers.push(server);
  }

  return {
    urlOf: (feed: number) =>
      `http://${hostAddress(feed % options.hosts)}:${(servers[feed % options.hosts]!.address() as AddressInfo).port}/feed-${feed}.xml`,
    /** The counts since the last reset; then a fresh start (every feed new, no hold). */
    takeCounts(): PolitenessCounts {
      const taken = counts;
      counts = emptyCounts();
      feeds.clear();
      for (const host of hosts) Object.assign(host, { lastEnd: null, holdUntil: 0 });
      return taken;
    },
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ),
  };
}

function emptyCounts(): PolitenessCounts {
  return {
    requests: 0,
    robotsRequests: 0,
    maxInFlightPerHost: 0,
    leastGapMs: Number.POSITIVE_INFINITY,
    unconditionalRepeats: 0,
    duringHold: 0,
  };
}

function renderFeed(id: number): string {
  const items = Array.from(
    { length: 10 },
    (_, index) =>
      `<item><guid>urn:lanes:${id}:${index}</guid><title>Feed ${id}, post ${index}</title><link>https://publisher.example/${id}/${index}</link><description>${ITEM}</description><pubDate>${new Date(Date.UTC(2026, 0, 1 + index)).toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed ${id}</title><link>https://publisher.example/${id}/</link>${items.join("")}</channel></rss>`;
}
