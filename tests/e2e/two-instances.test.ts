// Two Tidings servers on one database, both with the scheduler on and ticking every 2 s: each due
// source is requested exactly once per due period, never by both, never two requests at once.
// The windows are made by SQL ("these sources are due now") so that the test needs little wall
// time; between them the servers' own schedule keeps every source away for a day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, testingPostgres, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { startPublisher, feed, rssFeed, type Publisher } from "@/tests/helpers/publisher";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { DUE_TOLERANCE_MS } from "@/lib/pipeline/round/due-sources";
import { readerId } from "@/tests/helpers/reader-user";

const SOURCES = 10;
const TICK_MS = 2000;
/** Two ticks of each server with nothing requested: whatever was due has been fetched. */
const QUIET_MS = 2 * TICK_MS + 500;

describe.skipIf(!testingPostgres())(
  "two servers on one PostgreSQL schema (runs only when DATABASE_URL is PostgreSQL)",
  () => {
    defineTwoInstanceTests();
  },
);

describe.skipIf(testingPostgres())("two servers on one SQLite file (runs only when DATABASE_URL is SQLite)", () => {
  defineTwoInstanceTests();
});

function defineTwoInstanceTests(): void {
  let database: FreshDatabase;
  let publisher: Publisher;
  const servers: AppServer[] = [];
  const ids: number[] = [];
  const paths = Array.from({ length: SOURCES }, (_, index) => `/feed-${index}.xml`);

  beforeAll(async () => {
    database = await createFreshDatabase();
    publisher = await startPublisher();
    for (const [index, path] of paths.entries()) {
      publisher.setRoute(
        path,
        feed({ body: rssFeed({ title: `Feed ${index}`, items: items(index) }), etag: `"${index}-v1"` }),
      );
      ids.push(
        await createSource(database.db, {
          userId: await readerId(database.db),
          feedUrl: publisher.url(path),
          title: `Feed ${index}`,
          customTitle: null,
          folderName: null,
        }),
      );
    }
    // Not due until a window opens: the servers must not fetch while they start.
    await database.db.source.updateMany({ data: { nextDueAt: new Date(Date.now() + 86_400_000) } });
    const env = {
      DATABASE_URL: database.url,
      TIDINGS_SCHEDULER: "true",
      TIDINGS_ROUND_CRON: "*/2 * * * * *",
      TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
      TIDINGS_MIN_INTERVAL: "1",
      // 10 sources on one host take about 3 s: a round spans a tick of the other server.
      TIDINGS_HOST_GAP_MS: "300",
      // This test counts feed requests exactly; robots.txt reads are tested in round-robots.test.ts.
      TIDINGS_ROBOTS: "off",
      TIDINGS_LOG_LEVEL: "info",
    };
    // Started together, as two instances deployed at once would be.
    const started = await Promise.allSettled([startAppServer(env), startAppServer(env)]);
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await publisher?.close();
    await database?.dispose();
  }, 60_000);

  it("requests each due source exactly once per due period although both servers tick every 2 s", async () => {
    const testStarted = Date.now();
    // Window 1: everything due at once (first fetches, 200 with validators).
    await observeWindow("all due at once", async () => makeDue(ids));
    // Window 2: one source comes due between each pair of ticks: rounds of one fetch, the shape
    // in which an instance reading a stale due list would fetch a source the other just fetched.
    await observeWindow("one due per tick", async () => {
      for (const id of ids) {
        await sleep(msUntilBetweenTicks());
        await makeDue([id]);
      }
    });
    // Window 3: everything due again (conditional requests, 304).
    await observeWindow("all due again", async () => makeDue(ids));

    // One request in flight at a time, across both instances (the round lease).
    expect(publisher.maxConcurrency()).toBe(1);
    expect(publisher.requests).toHaveLength(3 * SOURCES);
    // Both servers were live and contending: each ran rounds or found the other's round running
    // at its tick (which one wins a tick is up to the race for the lease).
    const ticks = servers.map((server) => ({
      rounds: server.output().match(/\[round\] round \d+ \(cron\)/g)?.length ?? 0,
      skipped: server.output().match(/round skipped: another Tidings instance is running a round/g)?.length ?? 0,
    }));
    for (const tick of ticks) expect(tick.rounds + tick.skipped).toBeGreaterThan(0);
    expect(ticks.reduce((sum, tick) => sum + tick.skipped, 0)).toBeGreaterThan(0);
    console.info(
      `[two-instances] ${JSON.stringify({ provider: database.target.provider, seconds: (Date.now() - testStarted) / 1000, ticks })}`,
    );
  }, 120_000);

  /**
   * Opens a window (`open` makes sources due by SQL), waits until every source was requested
   * and both servers then ticked twice more without a request, and checks the window: each
   * source requested exactly once, and the servers' schedule allows no second request in it.
   */
  async function observeWindow(name: string, open: () => Promise<void>): Promise<void> {
    const first = publisher.requests.length;
    const opened = Date.now();
    await open();
    const deadline = Date.now() + 45_000;
    let lastCount = -1;
    let lastChange = Date.now();
    for (;;) {
      const count = publisher.requests.length;
      if (count !== lastCount) [lastCount, lastChange] = [count, Date.now()];
      const requested = new Set(publisher.requests.slice(first).map((request) => request.path));
      if (requested.size === SOURCES && Date.now() - lastChange >= QUIET_MS) break;
      if (Date.now() > deadline)
        throw new Error(`window "${name}": only ${requested.size} of ${SOURCES} sources requested within 45 s`);
      await sleep(100);
    }
    const closed = Date.now();
    const perSource = paths.map(
      (path) => publisher.requests.slice(first).filter((request) => request.path === path).length,
    );
    const twice = paths.filter((_, index) => perSource[index] !== 1);
    expect({ window: name, perSource }, twice.length > 0 ? await explain(twice) : undefined).toEqual({
      window: name,
      perSource: paths.map(() => 1),
    });
    // What the schedule allows: after its fetch, no source was due again before the window closed.
    const sources = await database.db.source.findMany({
      where: { id: { in: ids } },
      select: { id: true, nextDueAt: true, lastFetchedAt: true },
    });
    for (const source of sources) {
      expect(source.lastFetchedAt!.getTime()).toBeGreaterThanOrEqual(opened - 1000);
      expect(
        source.nextDueAt.getTime() - DUE_TOLERANCE_MS,
        `source ${source.id} due again inside the window`,
      ).toBeGreaterThan(closed);
    }
  }

  /** What each server logged about these feeds, and the rounds that fetched anything. */
  async function explain(suspects: string[]): Promise<string> {
    const logs = servers.flatMap((server, index) =>
      server
        .output()
        .split("\n")
        .filter((line) => suspects.some((path) => line.includes(path)))
        .map((line) => `server ${index}: ${line}`),
    );
    const rounds = await database.db.round.findMany({ where: { sourcesAttempted: { gt: 0 } }, orderBy: { id: "asc" } });
    const roundLines = rounds.map(
      (round) =>
        `round ${round.id} ${round.instanceId} ${round.startedAt.toISOString()}..${round.finishedAt?.toISOString()} attempted=${round.sourcesAttempted}`,
    );
    return [...logs, ...roundLines].join("\n");
  }

  async function makeDue(sourceIds: number[]): Promise<void> {
    await database.db.source.updateMany({
      where: { id: { in: sourceIds } },
      data: { nextDueAt: new Date(Date.now() - 1000) },
    });
  }
}

/** The servers tick at even seconds (node-cron "*\/2" in the seconds field): aim for the middle. */
function msUntilBetweenTicks(): number {
  const phase = Date.now() % TICK_MS;
  return phase <= TICK_MS / 2 ? TICK_MS / 2 - phase : TICK_MS + TICK_MS / 2 - phase;
}

/** Dated a year apart and long ago: a dormant feed, which the policy checks once a day at most. */
function items(feedIndex: number) {
  return [0, 1, 2].map((n) => ({
    guid: `urn:feed-${feedIndex}:${n}`,
    title: `Post ${n}`,
    link: `https://publisher.example/${feedIndex}/${n}`,
    pubDate: new Date(Date.UTC(2021 + n, 0, 1)).toUTCString(),
  }));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
