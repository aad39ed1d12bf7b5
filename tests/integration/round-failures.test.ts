import { describe, expect, it } from "vitest";
import { testingPostgres, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import {
  feed,
  status,
  rateLimited,
  redirect,
  hang,
  gzipBomb,
  hugeBody,
  rssFeed,
  HTML_PAGE,
  UNREADABLE_XML,
  ENTITY_BOMB_XML,
  type Publisher,
} from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";

const world = setUpRoundWorld();

const GOOD = rssFeed({
  items: [
    {
      guid: "urn:good:1",
      title: "Good",
      link: "https://publisher.example/g",
      pubDate: "Mon, 01 Jan 2024 10:00:00 GMT",
    },
  ],
});

describe("a round over a hostile or broken web", () => {
  it("ends every bad case as one classified error and still stores the good feed", async () => {
    const cases: Array<[string, Parameters<Publisher["setRoute"]>[1], string, number | null]> = [
      ["/html", feed({ body: HTML_PAGE, contentType: "text/html" }), "not_a_feed", 200],
      ["/unreadable", feed({ body: UNREADABLE_XML }), "parse", 200],
      ["/entity-bomb", feed({ body: ENTITY_BOMB_XML }), "parse", 200],
      ["/missing", status(404), "not_found", 404],
      ["/gone", status(410), "gone", 410],
      ["/forbidden", status(403), "http_4xx", 403],
      ["/broken", status(500), "http_5xx", 500],
      ["/loop", redirect(301, "/loop"), "redirect_loop", 301],
      ["/bomb", gzipBomb(64), "too_large", 200],
      ["/huge", hugeBody({ bytes: 3 * 1024 * 1024 }), "too_large", 200],
    ];
    for (const [path, handler] of cases) world.publisher.setRoute(path, handler);
    world.publisher.setRoute("/good", feed({ body: GOOD }));
    const ids = new Map<string, number>();
    for (const [path] of cases) ids.set(path, await addDueSource(world.database.db, world.publisher.url(path)));
    const goodId = await addDueSource(world.database.db, world.publisher.url("/good"));

    const report = await runRound(
      world.database.db,
      testRoundSettings({ fetch: { timeoutMs: 10_000, maxBodyBytes: 1024 * 1024 } }),
      { trigger: "cli" },
    );
    expect(report.status).toBe("completed");
    for (const [path, , kind, httpStatus] of cases) {
      const row = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: ids.get(path) } });
      expect([path, row.outcome, row.errorKind, row.httpStatus]).toEqual([path, "error", kind, httpStatus]);
      expect(row.detail).toBeTruthy();
      expect(row.detail!.length).toBeLessThanOrEqual(500);
    }
    const good = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: goodId } });
    expect([good.outcome, good.newArticles]).toEqual(["ok", 1]);
    expect(report.status === "completed" && report.tally).toMatchObject({
      sourcesAttempted: cases.length + 1,
      okCount: 1,
      errorCount: cases.length,
    });
  });

  it("ends a body that hangs after its headers as a timeout within the fetch budget, and goes on", async () => {
    world.publisher.setRoute("/hanging", hang({ prefix: "<?xml" }));
    world.publisher.setRoute("/after", feed({ body: GOOD }));
    const hanging = await addDueSource(world.database.db, world.publisher.url("/hanging"));
    const after = await addDueSource(world.database.db, world.publisher.url("/after"));
    await runRound(world.database.db, testRoundSettings({ fetch: { timeoutMs: 500 } }), { trigger: "cli" });
    const row = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: hanging } });
    expect([row.outcome, row.errorKind, row.httpStatus]).toEqual(["error", "timeout", 200]);
    expect((await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: after } })).outcome).toBe("ok");
  });

  it("keeps validators and articles untouched when a feed turns into garbage", async () => {
    world.publisher.setRoute("/f.xml", feed({ body: GOOD, etag: '"good"' }));
    const id = await addDueSource(world.database.db, world.publisher.url("/f.xml"));
    await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    world.publisher.setRoute("/f.xml", feed({ body: UNREADABLE_XML, etag: '"broken"' }));
    await makeAllDue(world.database.db);
    await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(source).toMatchObject({
      etag: '"good"',
      lastOutcome: "error",
      lastErrorKind: "parse",
      consecutiveErrors: 1,
    });
    expect(await world.database.db.article.count({ where: { sourceId: id } })).toBe(1);
  });

  it("does not count a 429 toward the breaker, honours Retry-After, and makes the whole host wait", async () => {
    world.publisher.setRoute("/limited", rateLimited(3600));
    world.publisher.setRoute("/sibling", feed({ body: GOOD }));
    const limited = await addDueSource(world.database.db, world.publisher.url("/limited"));
    const sibling = await addDueSource(world.database.db, world.publisher.url("/sibling"));
    const started = Date.now();
    await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id: limited } });
    expect(source).toMatchObject({ lastErrorKind: "rate_limited", consecutiveErrors: 0, breakerState: "closed" });
    expect(source.nextDueAt.getTime()).toBeGreaterThanOrEqual(started + 3600_000);
    // The sibling on the same host was not requested after the 429 in this round, nor in the next.
    expect(world.publisher.requestsTo("/sibling")).toHaveLength(0);
    await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/sibling")).toHaveLength(0);
    expect((await world.database.db.source.findUniqueOrThrow({ where: { id: sibling } })).lastOutcome).toBeNull();
  });
});

describe("a database failure in the middle of a fetch", () => {
  it("rolls the whole fetch back, records a classified database error that the breaker does not count, ends the round as failed, and the next round completes it", async () => {
    world.publisher.setRoute("/db.xml", feed({ body: GOOD, etag: '"v1"' }));
    const id = await addDueSource(world.database.db, world.publisher.url("/db.xml"));
    // A real failure inside the fetch's transaction: the database refuses the article insert, as a
    // full disk would. Recording the failure itself (no articles) still works.
    await installFailingTrigger(world.database, "Article", "disk full");
    try {
      const report = await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
      // The database's fault is no source's: the round stops there, recorded as failed.
      expect(report.status).toBe("failed");
      expect(report.status === "failed" && report.lines[0]).toMatchObject({ outcome: "error", errorKind: "database" });
      const round = await world.database.db.round.findFirstOrThrow({ orderBy: { id: "desc" } });
      expect(round.failure).toMatch(/^database: could not store the fetch of source \d+: could not save: disk full/);
    } finally {
      await removeFailingTrigger(world.database, "Article");
    }
    const after = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({
      etag: null,
      lastBodyHash: null,
      lastOutcome: "error",
      lastErrorKind: "database",
      consecutiveErrors: 0,
      breakerState: "closed",
    });
    expect(await world.database.db.article.count({ where: { sourceId: id } })).toBe(0);
    const failed = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: id } });
    expect(failed).toMatchObject({ outcome: "error", errorKind: "database", newArticles: 0 });
    expect(failed.detail).toMatch(/disk full/);
    await makeAllDue(world.database.db);

    const retry = await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    expect(retry.status === "completed" && retry.lines[0]).toMatchObject({ outcome: "ok", newArticles: 1 });
    expect(world.publisher.requestsTo("/db.xml").map((request) => request.headers["if-none-match"] ?? null)).toEqual([
      null,
      null,
    ]);
    expect((await world.database.db.source.findUniqueOrThrow({ where: { id } })).etag).toBe('"v1"');
  });
});

async function installFailingTrigger(database: FreshDatabase, table: string, message: string): Promise<void> {
  if (testingPostgres()) {
    await world.database.db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION tidings_test_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$ LANGUAGE plpgsql`,
    );
    await world.database.db.$executeRawUnsafe(
      `CREATE TRIGGER tidings_test_fail BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION tidings_test_fail()`,
    );
  } else {
    await world.database.db.$executeRawUnsafe(
      `CREATE TRIGGER tidings_test_fail BEFORE INSERT ON "${table}" BEGIN SELECT RAISE(ABORT, '${message}'); END`,
    );
  }
}

async function removeFailingTrigger(database: FreshDatabase, table: string): Promise<void> {
  await world.database.db.$executeRawUnsafe(
    testingPostgres() ? `DROP TRIGGER tidings_test_fail ON "${table}"` : "DROP TRIGGER tidings_test_fail",
  );
}
