// Readers during a round: while the server fetches, parses and stores a few large feeds (a real
// round in the server process, started with POST /api/rounds), simulated readers walk the list
// API with cursors, the sidebar and the home page. Reports the list API's p50/p95/max during the
// round and any request that failed. Needs `npm run build` first.
// npx tsx scripts/bench/readers-during-round.ts [--readers 50] [--feeds 3] [--items 2000] [--think 500]
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer } from "@/tests/helpers/app-server";
import { startPublisher, feed, largeFeed } from "@/tests/helpers/publisher";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { simulateReaders } from "@/tests/helpers/readers";
import { ms, percentile, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: {
    readers: { type: "string", default: "50" },
    feeds: { type: "string", default: "3" },
    items: { type: "string", default: "2000" },
    think: { type: "string", default: "500" },
  },
});
const READERS = Number(values.readers);
const FEEDS = Number(values.feeds);
const ITEMS = Number(values.items);
const THINK_MS = Number(values.think);

async function main(): Promise<void> {
  delete process.env.DATABASE_URL;
  const publisher = await startPublisher();
  const database = await createFreshDatabase();
  for (let index = 0; index < FEEDS; index++) {
    publisher.setRoute(`/large-${index}.xml`, feed({ body: largeFeed({ key: `large-${index}`, items: ITEMS }) }));
    await addDueSource(database.db, publisher.url(`/large-${index}.xml`));
  }
  // Something to read from the first request on; not due, so not part of the round.
  const existing = await seedSource(database.db, {
    title: "Existing",
    state: { nextDueAt: new Date(Date.now() + 86_400_000) },
  });
  await seedArticles(
    database.db,
    existing,
    Array.from({ length: 1000 }, (_, index) => ({ title: `Existing ${index}` })),
  );
  const server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    TIDINGS_HOST_GAP_MS: "0",
  });
  try {
    for (const path of ["/api/articles", "/api/articles?unread=true", "/api/sidebar", "/"])
      await fetch(`${server.url}${path}`).then((response) => response.text());
    let roundDone = false;
    const started = performance.now();
    const round = fetch(`${server.url}/api/rounds`, { method: "POST" })
      .then((response) => response.json() as Promise<{ tally?: { newArticles: number } }>)
      .finally(() => (roundDone = true));
    const deadline = Date.now() + 300_000;
    const stats = await simulateReaders({
      baseUrl: server.url,
      readers: READERS,
      thinkMs: THINK_MS,
      keepGoing: () => !roundDone && Date.now() < deadline,
    });
    const report = await round;
    const roundMs = performance.now() - started;
    const { list, sidebar, home } = stats.latencies;
    // A short round (smoke sizes) may end before a reader gets to the sidebar or the home page.
    const at = (values: number[], p: number) => (values.length === 0 ? "—" : ms(percentile(values, p), 0));
    printFigures("Readers during a round", [
      {
        figure: `list API p50 / p95 / max, ${READERS} readers (${THINK_MS} ms between requests) during a round of ${FEEDS} × ${ITEMS} items (${list.length} requests)`,
        value: `${at(list, 50)} / ${at(list, 95)} / ${at(list, 100)}`,
        target: "—",
      },
      {
        figure: "sidebar API p95 / home page p95 during that round",
        value: `${at(sidebar, 95)} / ${at(home, 95)}`,
        target: "—",
      },
      { figure: "failed reader requests", value: String(stats.errors.length), target: "0" },
      {
        figure: "round wall time / articles stored",
        value: `${(roundMs / 1000).toFixed(1)} s / ${report.tally?.newArticles ?? "?"}`,
        target: `${FEEDS * ITEMS} articles`,
      },
    ]);
    for (const error of stats.errors.slice(0, 10)) console.error(`reader error: ${error}`);
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
