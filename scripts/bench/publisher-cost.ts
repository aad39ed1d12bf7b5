// What Tidings costs a publisher, compared with a naive fetcher and with the ideal.
// npx tsx scripts/bench/publisher-cost.ts [--feeds 200] [--rounds 10] [--change-every 4]
//
// A local publisher serves N feeds (gzip when asked, ETag + Last-Modified, 304 when they match).
// Between rounds, every k-th feed (rotating) gains an item. Tidings runs real rounds against a
// fresh SQLite database; the naive fetcher sends unconditional GETs without Accept-Encoding; the
// ideal sends a (compressed) body only for the feeds that changed. Counted at the publisher:
// requests, and response bytes written to the socket (status line, headers and body).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { request } from "undici";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { testRoundSettings, addDueSource, makeAllDue } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { printFigures } from "./bench-output";

type Feed = { version: number; items: number };
type Counter = { requests: number; bytes: number; bodies: number };

const { values } = parseArgs({
  options: {
    feeds: { type: "string", default: "200" },
    rounds: { type: "string", default: "10" },
    "change-every": { type: "string", default: "4" },
  },
});
const FEEDS = Number(values.feeds);
const ROUNDS = Number(values.rounds);
const CHANGE_EVERY = Number(values["change-every"]);

function renderFeed(id: number, feed: Feed): string {
  const items = Array.from({ length: feed.items }, (_, index) => {
    const n = feed.items - index;
    return `<item><guid>urn:feed${id}:item${n}</guid><title>Feed ${id}, post ${n}</title><link>https://publisher.example/${id}/${n}</link><description>${"Some realistic paragraph of text about the post. ".repeat(12)}</description><pubDate>${new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toUTCString()}</pubDate></item>`;
  }).join("\n");
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed ${id}</title><link>https://publisher.example/${id}/</link>${items}</channel></rss>`;
}

function startPublisher(feeds: Feed[], counter: Counter) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const id = Number(/\/feed(\d+)\.xml/.exec(req.url ?? "")?.[1]);
    const feed = feeds[id]!;
    const etag = `"f${id}-v${feed.version}"`;
    counter.requests += 1;
    const before = req.socket.bytesWritten;
    res.on("finish", () => (counter.bytes += req.socket.bytesWritten - before));
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    const xml = Buffer.from(renderFeed(id, feed));
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const body = gzip ? gzipSync(xml) : xml;
    counter.bodies += 1;
    res
      .writeHead(200, {
        "Content-Type": "application/rss+xml",
        ETag: etag,
        "Content-Length": body.length,
        ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      })
      .end(body);
  });
  return new Promise<{ url: (id: number) => string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (id) => `http://127.0.0.1:${port}/feed${id}.xml`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

function changeSome(feeds: Feed[], round: number): number[] {
  const changed = feeds.map((_, id) => id).filter((id) => (id + round) % CHANGE_EVERY === 0);
  for (const id of changed) feeds[id] = { version: feeds[id]!.version + 1, items: Math.min(feeds[id]!.items + 1, 30) };
  return changed;
}

async function measureTidings(): Promise<Counter & { perRound: number[] }> {
  const feeds: Feed[] = Array.from({ length: FEEDS }, () => ({ version: 1, items: 20 }));
  const counter: Counter = { requests: 0, bytes: 0, bodies: 0 };
  const publisher = await startPublisher(feeds, counter);
  const database = await createFreshDatabase();
  const perRound: number[] = [];
  try {
    for (let id = 0; id < FEEDS; id += 1) await addDueSource(database.db, publisher.url(id));
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 1) changeSome(feeds, round);
      const before = counter.bytes;
      await makeAllDue(database.db);
      await runRound(database.db, testRoundSettings(), { trigger: "cli" });
      perRound.push(counter.bytes - before);
    }
  } finally {
    await publisher.close();
    await database.dispose();
  }
  return { ...counter, perRound };
}

async function measureNaive(): Promise<Counter> {
  const feeds: Feed[] = Array.from({ length: FEEDS }, () => ({ version: 1, items: 20 }));
  const counter: Counter = { requests: 0, bytes: 0, bodies: 0 };
  const publisher = await startPublisher(feeds, counter);
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 1) changeSome(feeds, round);
      for (let id = 0; id < FEEDS; id += 1) await (await request(publisher.url(id))).body.arrayBuffer();
    }
  } finally {
    await publisher.close();
  }
  return counter;
}

/** The ideal: a conditional request per feed per round, a compressed body only for changed feeds. */
async function measureIdeal(): Promise<Counter> {
  const feeds: Feed[] = Array.from({ length: FEEDS }, () => ({ version: 1, items: 20 }));
  const counter: Counter = { requests: 0, bytes: 0, bodies: 0 };
  const publisher = await startPublisher(feeds, counter);
  const etags = new Map<number, string>();
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 1) changeSome(feeds, round);
      for (let id = 0; id < FEEDS; id += 1) {
        const known = etags.get(id);
        const response = await request(publisher.url(id), {
          headers: { "accept-encoding": "gzip", ...(known ? { "if-none-match": known } : {}) },
        });
        await response.body.arrayBuffer();
        const etag = response.headers.etag;
        if (typeof etag === "string") etags.set(id, etag);
      }
    }
  } finally {
    await publisher.close();
  }
  return counter;
}

async function main(): Promise<void> {
  const tidings = await measureTidings();
  const naive = await measureNaive();
  const ideal = await measureIdeal();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ratio = (counter: Counter) => `${((counter.bytes / ideal.bytes) * 100).toFixed(1)}% of ideal`;
  printFigures(
    `Publisher cost (${FEEDS} feeds, ${ROUNDS} rounds, 1 in ${CHANGE_EVERY} changing per round from round 3)`,
    [
      {
        figure: `Tidings: requests, bodies, bytes sent by the publisher`,
        value: `${tidings.requests} req, ${tidings.bodies} bodies, ${kb(tidings.bytes)} (${ratio(tidings)})`,
        target: "within 5% of ideal",
      },
      {
        figure: "naive fetcher (unconditional GET, no gzip)",
        value: `${naive.requests} req, ${naive.bodies} bodies, ${kb(naive.bytes)} (${ratio(naive)})`,
        target: "—",
      },
      {
        figure: "ideal (a body only for changed feeds)",
        value: `${ideal.requests} req, ${ideal.bodies} bodies, ${kb(ideal.bytes)}`,
        target: "—",
      },
      {
        figure: `Tidings round 1 vs round 2 (${FEEDS} feeds, none changed)`,
        value: `${kb(tidings.perRound[0]!)} vs ${kb(tidings.perRound[1]!)}`,
        target: "round 2 ≪ round 1",
      },
    ],
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
