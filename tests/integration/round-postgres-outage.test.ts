// PostgreSQL stops in the middle of a round (issue 17): a cluster of the test's own, stopped by
// the publisher's handler before it answers and started again a moment later. The round must end
// cleanly, recorded as failed (not interrupted), release its lease once PostgreSQL is back (not
// hold it for its TTL), count nothing against the publisher, answer POST /api/rounds with a clear
// error, and the next round must work in the same process: no restart.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resolveDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { disconnectDb, getDb } from "@/lib/db/client";
import { postgresPoolOf, type Db } from "@/lib/db/client";
import { runRound } from "@/lib/pipeline/round/run-round";
import { ROUND_LEASE } from "@/lib/pipeline/store/fetch/lease";
import { POST } from "@/app/api/rounds/route";
import { findPostgresBinaries, startOwnPostgres, type OwnPostgres } from "@/tests/helpers/own-postgres";
import { feed, rssFeed, startPublisher, type Handler, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";

const bin = findPostgresBinaries();
if (!bin)
  console.warn(
    "[round-postgres-outage] skipped: PostgreSQL's server binaries (initdb, pg_ctl) are not installed under /usr/lib/postgresql",
  );

const items = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    guid: `urn:${name}:${index}`,
    title: `Post ${index}`,
    link: `https://publisher.example/${name}/${index}`,
  }));

describe.skipIf(!bin)("a round during a PostgreSQL outage", () => {
  let postgres: OwnPostgres;
  let publisher: Publisher;
  let db: Db;
  let restarts = 0;

  beforeAll(async () => {
    postgres = await startOwnPostgres(bin!);
    const url = `${postgres.url}?schema=outage`;
    // The process-wide client and settings, as the app's route handler uses them.
    Object.assign(process.env, { DATABASE_URL: url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true", TIDINGS_HOST_GAP_MS: "0" });
    await runMigrations(resolveDatabaseTarget(url));
    db = getDb();
    publisher = await startPublisher();
    // PostgreSQL comes back once the round has failed to store a fetch and its database error.
    const original = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      original(...args);
      if (String(args[0]).includes("could not record the database error either")) {
        restarts += 1;
        void postgres.start();
      }
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await publisher?.close();
    // Bounded: a connection the pool never got back (the fault this file tests) would keep it open.
    await Promise.race([disconnectDb().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000))]);
    await postgres?.dispose();
  });

  /** Stops PostgreSQL, then answers: the fetch in flight cannot be stored. */
  const stopThenAnswer =
    (name: string): Handler =>
    async (request, response) => {
      await postgres.stop();
      return feed({ body: rssFeed({ items: items(name, 5) }), etag: `"${name}"` })(request, response);
    };

  it("ends the round as failed, releases the lease once PostgreSQL is back, and blames no publisher", async () => {
    publisher.setRoute("/first.xml", feed({ body: rssFeed({ items: items("first", 2) }) }));
    publisher.setRoute("/outage.xml", stopThenAnswer("outage"));
    publisher.setRoute("/never.xml", feed({ body: rssFeed({ items: items("never", 2) }) }));
    await addDueSource(db, publisher.url("/first.xml"));
    const outageId = await addDueSource(db, publisher.url("/outage.xml"));
    await addDueSource(db, publisher.url("/never.xml"));
    await db.source.update({ where: { id: outageId }, data: { consecutiveErrors: 2 } });

    const settings = testRoundSettings({ databaseRetryDelaysMs: [200, 400, 800, 1600, 3200, 6400] });
    const report = await runRound(db, settings, { trigger: "cli" });
    expect(restarts).toBe(1);
    expect(report.status).toBe("failed");
    expect(report.status === "failed" && report.reason).toMatch(
      /^database: could not store the fetch of source \d+: could not save: /,
    );
    expect(publisher.requestsTo("/never.xml")).toHaveLength(0);

    const round = await db.round.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(round).toMatchObject({ interrupted: false, sourcesAttempted: 1, okCount: 1 });
    expect(round.failure).toMatch(/^database: /);
    expect(round.finishedAt).not.toBeNull();
    expect((await db.lease.findUniqueOrThrow({ where: { name: ROUND_LEASE } })).expiresAt.getTime()).toBe(0);
    const source = await db.source.findUniqueOrThrow({ where: { id: outageId } });
    expect({ errors: source.consecutiveErrors, breaker: source.breakerState, etag: source.etag }).toEqual({
      errors: 2,
      breaker: "closed",
      etag: null,
    });

    // Same process, same client: the pool reconnects by itself.
    publisher.setRoute("/outage.xml", feed({ body: rssFeed({ items: items("outage", 5) }), etag: '"outage"' }));
    await makeAllDue(db);
    const next = await runRound(db, settings, { trigger: "cli" });
    expect(next.status === "completed" && next.tally).toMatchObject({ sourcesAttempted: 3, errorCount: 0 });
    expect(await db.article.count({ where: { sourceId: outageId } })).toBe(5);
  });

  it("answers POST /api/rounds with a clear 503 during the outage, and a completed round after it", async () => {
    publisher.setRoute("/outage.xml", stopThenAnswer("outage-api"));
    await makeAllDue(db);
    const during = await POST(new Request("http://127.0.0.1/api/rounds", { method: "POST" }));
    expect(during.status).toBe(503);
    const body = (await during.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("database_unavailable");
    expect(body.error.message).toMatch(/^Round \d+ stopped: the database could not be reached or written/);
    expect((await db.lease.findUniqueOrThrow({ where: { name: ROUND_LEASE } })).expiresAt.getTime()).toBe(0);

    publisher.setRoute("/outage.xml", feed({ body: rssFeed({ items: items("outage-api", 5) }) }));
    await makeAllDue(db);
    const after = await POST(new Request("http://127.0.0.1/api/rounds", { method: "POST" }));
    expect(after.status).toBe(200);
    expect(((await after.json()) as { status: string }).status).toBe("completed");
  });

  it("gives back the connection of a transaction that the outage cut off, so the pool does not run dry", async () => {
    const pool = postgresPoolOf(db)!;
    const cutOff = db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SELECT 1");
      await postgres.stop();
      await tx.$executeRawUnsafe("SELECT 1");
    });
    await expect(cutOff).rejects.toThrow();
    await postgres.start();
    // Checked out and never released, a connection would be lost for good (ten of them: every query waits).
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await db.source.count()).toBeGreaterThan(0);
  });
});
