// Fifty people reading while the server fetches, parses and stores a few large feeds: every
// answer is a 200 with a valid body (list pages in order, without repeats across cursors; the
// sidebar; the server-rendered reader), the round stores everything, and the list API's
// latency during the round is reported (not asserted: it says as much about the machine).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { feed, largeFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { compareUnreadCounts, seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { describeLatencies, simulateReaders } from "@/tests/helpers/readers";

const READERS = 50;
const FEEDS = 3;
/** About 1.2 KB per item: 2,000 items make a 2.4 MB feed, parsed off the main thread. */
const ITEMS_PER_FEED = 2000;
/** Between two requests of one reader: at most 100 requests a second from the fifty. */
const THINK_MS = 500;
/** Articles already there, so that the readers have pages to walk from the first request. */
const EXISTING = 1000;
/** The readers stop when the round ends, or at this bound whatever happens. */
const READING_BOUND_MS = 40_000;
/** The round must be over by then (it takes a few seconds on an idle machine, far more on a busy one). */
const ROUND_BOUND_MS = 90_000;

let database: FreshDatabase;
let publisher: Publisher;
let server: AppServer;
const sourceIds: number[] = [];

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher();
  for (let index = 0; index < FEEDS; index++) {
    const path = `/large-${index}.xml`;
    publisher.setRoute(
      path,
      feed({ body: largeFeed({ key: `large-${index}`, items: ITEMS_PER_FEED }), etag: `"large-${index}"` }),
    );
    sourceIds.push(await addDueSource(database.db, publisher.url(path), `Large feed ${index}`));
  }
  // Not due: the round is about the large feeds only.
  const existing = await seedSource(database.db, {
    title: "Already here",
    state: { nextDueAt: new Date(Date.now() + 86_400_000) },
  });
  await seedArticles(
    database.db,
    existing,
    Array.from({ length: EXISTING }, (_, index) => ({ title: `Existing ${index}`, read: index % 3 === 0 })),
  );
  server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    // One host serves every feed: no gap, so the round is busy the whole time the readers read.
    TIDINGS_HOST_GAP_MS: "0",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await publisher?.close();
  await database?.dispose();
});

describe("readers during a round of large feeds", () => {
  it(
    `serves ${READERS} concurrent readers without an error while the round stores ${FEEDS} × ${ITEMS_PER_FEED} items`,
    async () => {
      // The first request to each route loads its code: not what readers meet during a round.
      for (const path of ["/api/articles", "/api/articles?unread=true", "/api/sidebar", "/"])
        expect((await fetch(`${server.url}${path}`)).status).toBe(200);

      let roundDone = false;
      const started = performance.now();
      const round = fetch(`${server.url}/api/rounds`, { method: "POST" })
        .then(async (response) => ({ status: response.status, body: (await response.json()) as RoundAnswer }))
        .finally(() => (roundDone = true));
      const deadline = Date.now() + READING_BOUND_MS;
      const stats = await simulateReaders({
        baseUrl: server.url,
        readers: READERS,
        thinkMs: THINK_MS,
        keepGoing: () => !roundDone && Date.now() < deadline,
      });
      const readingMs = performance.now() - started;
      const readUntilTheEnd = roundDone;
      const timeout = sleep(ROUND_BOUND_MS - readingMs).then(() =>
        Promise.reject(new Error(`the round did not finish within ${ROUND_BOUND_MS} ms`)),
      );
      const answer = await Promise.race([round, timeout]);
      const roundMs = performance.now() - started;

      const { list, sidebar, home } = stats.latencies;
      console.log(
        [
          `round: ${(roundMs / 1000).toFixed(1)} s for ${FEEDS} feeds of ${ITEMS_PER_FEED} items; ${READERS} readers made ${list.length + sidebar.length + home.length} requests (${stats.walks} complete walks) ` +
            `in ${(readingMs / 1000).toFixed(1)} s${readUntilTheEnd ? "" : " (stopped at the bound: the round went on)"}`,
          describeLatencies("list API (pages with cursors)", list),
          describeLatencies("sidebar API", sidebar),
          describeLatencies("home page", home),
        ].join("\n"),
      );

      if (stats.errors.length > 0) console.log(`--- server output ---\n${server.output().slice(-4000)}`);
      expect(stats.errors).toEqual([]);
      // Every reader got at least one list page while the round ran.
      expect(list.length).toBeGreaterThanOrEqual(READERS);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        status: "completed",
        tally: { sourcesAttempted: FEEDS, okCount: FEEDS, errorCount: 0, newArticles: FEEDS * ITEMS_PER_FEED },
      });
    },
    ROUND_BOUND_MS + 30_000,
  );

  it("stored every item of every feed, with consistent unread counts", async () => {
    const sources = await database.db.source.findMany({
      where: { id: { in: sourceIds } },
      select: { lastOutcome: true, _count: { select: { articles: true } } },
    });
    expect(sources.map((source) => [source.lastOutcome, source._count.articles])).toEqual(
      sourceIds.map(() => ["ok", ITEMS_PER_FEED]),
    );
    expect((await compareUnreadCounts(database.db)).filter((row) => row.stored !== row.counted)).toEqual([]);
    const sidebar = (await (await fetch(`${server.url}/api/sidebar`)).json()) as { unread: number };
    expect(sidebar.unread).toBe(FEEDS * ITEMS_PER_FEED + EXISTING - Math.ceil(EXISTING / 3));
  });
});

type RoundAnswer = { status: string; tally?: Record<string, number> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
