// The demo publisher: ~20 feeds on 127.0.0.1 that behave like the real web. Most honour
// validators; some send only Last-Modified; one ignores validators; one churns ETags; one answers
// 429 with Retry-After once; one is gone (410); one moves (301); one is flaky (5xx every 3rd
// request); active feeds gain an item every few minutes. Each publication has its own loopback
// address (127.0.0.10, .11, ...), as separate sites would: one site's Retry-After then holds only
// that site, and the per-host gap does not serialise the whole demo.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { PUBLICATIONS, illustration, itemHtml, itemTitle, type DemoPublication } from "./demo-content";

type Behaviour =
  | "polite"
  | "last-modified-only"
  | "ignores-validators"
  | "churns-etag"
  | "rate-limited-once"
  | "gone"
  | "moves"
  | "flaky";

const BEHAVIOURS: Record<string, Behaviour> = {
  "river-watch": "last-modified-only",
  "weather-desk": "last-modified-only",
  "city-council": "ignores-validators",
  "small-web": "churns-etag",
  "library-news": "rate-limited-once",
  "rail-letters": "gone",
  "old-computers": "moves",
  "bike-commute": "flaky",
};

const BASE_ITEMS = 12;

export type DemoPublisher = { origins: string[]; feedUrls: string[]; close(): Promise<void> };

const addressOf = (index: number) => `127.0.0.${10 + index}`;

export async function startDemoPublisher(
  options: { port?: number; newItemEveryMs?: number } = {},
): Promise<DemoPublisher> {
  const started = Date.now();
  const newItemEveryMs = options.newItemEveryMs ?? 3 * 60_000;
  const requestCounts = new Map<string, number>();
  let churn = 0;
  let port = options.port ?? 0;
  const originOf = (index: number) => `http://${addressOf(index)}:${port}`;

  // Every other publication is active; each active one posts at its own pace (1x..3x the base period).
  const periodOf = (index: number) => (index % 2 === 0 ? newItemEveryMs * (1 + (index % 3)) : null);
  const countAt = (index: number, now: number) => {
    const period = periodOf(index);
    return period === null ? BASE_ITEMS : BASE_ITEMS + Math.floor((now - started) / period);
  };
  const publishedAt = (index: number, n: number) =>
    new Date(started - (BASE_ITEMS - n) * (periodOf(index) ?? 6 * 3_600_000));

  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    const image = /^\/images\/([a-z-]+)-(\d)\.svg$/.exec(path);
    if (image)
      return send(
        response,
        200,
        { "Content-Type": "image/svg+xml", "Cache-Control": "max-age=86400" },
        illustration(image[1]!, Number(image[2])),
      );
    const match = /^\/([a-z-]+)\/(?:(feed\.xml|atom\.xml|feed\.json)|moved\/(feed\.json))?$/.exec(path);
    const index = PUBLICATIONS.findIndex((publication) => publication.slug === match?.[1]);
    if (!match || index < 0) return send(response, 404, { "Content-Type": "text/plain" }, "not found\n");
    const publication = PUBLICATIONS[index]!;
    if (!match[2] && !match[3])
      return send(response, 200, { "Content-Type": "text/html; charset=utf-8" }, sitePage(publication));
    if (request.socket.localAddress !== addressOf(index))
      return send(response, 404, { "Content-Type": "text/plain" }, "not on this site\n");
    return serveFeed(request, response, publication, index, Boolean(match[3]));
  });

  function serveFeed(
    request: IncomingMessage,
    response: ServerResponse,
    publication: DemoPublication,
    index: number,
    isMovedUrl: boolean,
  ): void {
    const behaviour = BEHAVIOURS[publication.slug] ?? "polite";
    const seen = (requestCounts.get(publication.slug) ?? 0) + 1;
    requestCounts.set(publication.slug, seen);
    if (behaviour === "gone" && seen > 1)
      return send(response, 410, { "Content-Type": "text/plain" }, "This feed has been retired.\n");
    if (behaviour === "moves" && seen > 1 && !isMovedUrl) {
      response.writeHead(301, { Location: `/${publication.slug}/moved/feed.json` }).end();
      return;
    }
    if (behaviour === "rate-limited-once" && seen === 2)
      return send(response, 429, { "Retry-After": "90", "Content-Type": "text/plain" }, "Slow down, please.\n");
    if (behaviour === "flaky" && seen % 3 === 0)
      return send(response, 503, { "Content-Type": "text/plain" }, "Upstream hiccup.\n");

    const count = countAt(index, Date.now());
    const lastModified = publishedAt(index, count).toUTCString();
    const etag = behaviour === "churns-etag" ? `"${publication.slug}-${++churn}"` : `W/"${publication.slug}-${count}"`;
    const validators: Record<string, string> = { "Last-Modified": lastModified };
    if (behaviour !== "last-modified-only") validators.ETag = etag;
    const honours = behaviour !== "ignores-validators" && behaviour !== "churns-etag";
    const matchesEtag =
      request.headers["if-none-match"] !== undefined && request.headers["if-none-match"] === validators.ETag;
    const matchesDate =
      request.headers["if-none-match"] === undefined && request.headers["if-modified-since"] === lastModified;
    if (honours && (matchesEtag || matchesDate)) {
      response.writeHead(304, validators).end();
      return;
    }
    const body = Buffer.from(renderFeed(publication, index, count));
    const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    const contentType = {
      rss: "application/rss+xml; charset=utf-8",
      atom: "application/atom+xml; charset=utf-8",
      json: "application/feed+json",
    }[publication.format];
    send(
      response,
      200,
      { "Content-Type": contentType, ...validators, ...(gzip ? { "Content-Encoding": "gzip" } : {}) },
      gzip ? gzipSync(body) : body,
    );
  }

  function renderFeed(publication: DemoPublication, index: number, count: number): string {
    const origin = originOf(index);
    const items = Array.from({ length: Math.min(count, 20) }, (_, offset) => count - offset).map((n) => ({
      n,
      title: itemTitle(publication, n),
      url: `${origin}/${publication.slug}/posts/${n}`,
      html: itemHtml(publication, n, origin),
      date: publishedAt(index, n),
    }));
    const site = `${origin}/${publication.slug}/`;
    if (publication.format === "json") {
      return JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: publication.title,
        home_page_url: site,
        items: items.map((item) => ({
          id: item.url,
          url: item.url,
          title: item.title,
          content_html: item.html,
          date_published: item.date.toISOString(),
          authors: [{ name: "The editors" }],
        })),
      });
    }
    if (publication.format === "atom") {
      const entries = items
        .map(
          (item) =>
            `<entry><id>${item.url}</id><title>${escapeXml(item.title)}</title><link href="${item.url}"/><updated>${item.date.toISOString()}</updated><author><name>The editors</name></author><content type="html">${escapeXml(item.html)}</content></entry>`,
        )
        .join("\n");
      return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>${escapeXml(publication.title)}</title><id>${site}</id><link href="${site}"/><updated>${(items[0]?.date ?? new Date()).toISOString()}</updated>\n${entries}\n</feed>`;
    }
    const rssItems = items
      .map(
        (item) =>
          `<item><guid>${item.url}</guid><title>${escapeXml(item.title)}</title><link>${item.url}</link><pubDate>${item.date.toUTCString()}</pubDate><description>${escapeXml(item.html)}</description></item>`,
      )
      .join("\n");
    return `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>${escapeXml(publication.title)}</title><link>${site}</link><description>About ${publication.topic}</description>\n${rssItems}\n</channel></rss>`;
  }

  // One handler, one listening socket per site address, all on the same port.
  const sockets = [
    server,
    ...PUBLICATIONS.slice(1).map(() => createServer((request, response) => server.emit("request", request, response))),
  ];
  await listen(sockets[0]!, addressOf(0), port);
  port = (sockets[0]!.address() as AddressInfo).port;
  for (const [index, socket] of sockets.entries()) if (index > 0) await listen(socket, addressOf(index), port);
  return {
    origins: PUBLICATIONS.map((_, index) => originOf(index)),
    feedUrls: PUBLICATIONS.map(
      (publication, index) =>
        `${originOf(index)}/${publication.slug}/${{ rss: "feed.xml", atom: "atom.xml", json: "feed.json" }[publication.format]}`,
    ),
    close: async () => {
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              socket.closeAllConnections();
              socket.close(() => resolve());
            }),
        ),
      );
    },
  };
}

function listen(server: ReturnType<typeof createServer>, address: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, address, () => resolve());
  });
}

function sitePage(publication: DemoPublication): string {
  const file = { rss: "feed.xml", atom: "atom.xml", json: "feed.json" }[publication.format];
  const type = { rss: "application/rss+xml", atom: "application/atom+xml", json: "application/feed+json" }[
    publication.format
  ];
  return `<!doctype html><html><head><title>${publication.title}</title><link rel="alternate" type="${type}" title="${publication.title}" href="${file}"></head><body><h1>${publication.title}</h1><p>Writing about ${publication.topic}.</p></body></html>`;
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  response.writeHead(status, headers).end(body);
}

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
