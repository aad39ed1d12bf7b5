// Isolation: while the server parses a 10 MB feed (a real round in the server process, started
// with POST /api/rounds), readers keep using the list API. Reports the list API's p95 during the
// round and the server's event-loop delay (from /metrics). Needs `npm run build` first.
// npx tsx scripts/bench/isolation.ts [--megabytes 10] [--clients 4]
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer } from "@/tests/helpers/app-server";
import { startPublisher, feed, rssFeed } from "@/tests/helpers/publisher";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { ms, percentile, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: { megabytes: { type: "string", default: "10" }, clients: { type: "string", default: "4" } },
});
const MEGABYTES = Number(values.megabytes);
const CLIENTS = Number(values.clients);

function bigFeed(megabytes: number): string {
  const paragraph =
    '<p>A paragraph of <em>ordinary</em> prose with <a href="/more">a link</a> and an <img src="/i.png" alt="image">.</p>'.repeat(
      8,
    );
  const items = Math.round((megabytes * 1024 * 1024) / (paragraph.length + 200));
  return rssFeed({
    title: "Big",
    items: Array.from({ length: items }, (_, n) => ({
      guid: `urn:big:${n}`,
      title: `Item ${n}`,
      link: `https://publisher.example/${n}`,
    })),
  }).replace(/<\/title><link>/g, `</title><description><![CDATA[${paragraph}]]></description><link>`);
}

async function main(): Promise<void> {
  delete process.env.DATABASE_URL;
  const body = bigFeed(MEGABYTES);
  const publisher = await startPublisher({ "/big.xml": feed({ body }) });
  const database = await createFreshDatabase();
  await addDueSource(database.db, publisher.url("/big.xml"));
  const server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    TIDINGS_MAX_BODY_BYTES: String(64 * 1024 * 1024),
  });
  try {
    // Warm the list route first: its first request compiles and loads code.
    for (let index = 0; index < 5; index += 1)
      await fetch(`${server.url}/api/articles`).then((response) => response.text());
    let roundDone = false;
    const round = fetch(`${server.url}/api/rounds`, { method: "POST" })
      .then((response) => response.json())
      .finally(() => (roundDone = true));
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const deadline = Date.now() + 120_000;
        while (!roundDone && Date.now() < deadline) {
          const started = performance.now();
          await fetch(`${server.url}/api/articles?unread=true`).then((response) => response.text());
          latencies.push(performance.now() - started);
        }
      }),
    );
    const report = (await round) as { tally?: { newArticles: number } };
    const metrics = await fetch(`${server.url}/metrics`).then((response) => response.text());
    const p99 =
      Number(/tidings_event_loop_delay_seconds\{quantile="0.99"\} (\S+)/.exec(metrics)?.[1] ?? Number.NaN) * 1000;
    const max =
      Number(/tidings_event_loop_delay_seconds\{quantile="1"\} (\S+)/.exec(metrics)?.[1] ?? Number.NaN) * 1000;
    printFigures("Isolation", [
      {
        figure: `list API p95 while a ${(body.length / 1024 / 1024).toFixed(1)} MB feed is fetched, parsed and stored (${latencies.length} requests, ${CLIENTS} clients)`,
        value: ms(percentile(latencies, 95), 0),
        target: "< 100 ms",
      },
      {
        figure: "server event-loop delay p99 (since start) / max",
        value: `${ms(p99, 0)} / ${ms(max, 0)}`,
        target: "—",
      },
      { figure: "articles stored by that round", value: String(report.tally?.newArticles ?? "?"), target: "all items" },
    ]);
  } finally {
    await server.stop();
    await publisher.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
