// A full disk under SQLite in the middle of a round (issue 17): the database lives on a 20 MB
// tmpfs of the test's own, and the publisher's handler fills that disk before it answers. The
// failed write must be rolled back and released (it used to lock every later write until
// kill -9), the round must stop at once and be recorded as failed, the publisher's breaker must
// not move, and writing must work again as soon as there is space.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { resolveDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { closePrismaClient, createPrismaClient, type Db } from "@/lib/db/client";
import { runRound, type RoundReport } from "@/lib/pipeline/round/run-round";
import { ROUND_LEASE } from "@/lib/pipeline/store/fetch/lease";
import { bulkyItems, mountSmallDisk } from "@/tests/helpers/small-disk";
import { feed, rssFeed, startPublisher, type Handler, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";

const disk = mountSmallDisk("round-disk-full");

/** A settled round, or a clear failure instead of the hang this test was written for. */
async function settleWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} still hangs after ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(disk.skipReason !== null)("a round whose SQLite disk fills up", () => {
  let db: Db;
  let publisher: Publisher;

  beforeAll(async () => {
    const target = resolveDatabaseTarget(`file:${path.join(disk.dir, "tidings.db")}`);
    await runMigrations(target);
    db = createPrismaClient(target);
    publisher = await startPublisher();
  });
  afterAll(async () => {
    await publisher?.close();
    if (db) await closePrismaClient(db);
    disk.unmount();
  });

  it("stops as failed, rolls the write back, leaves the breaker alone, and writes again once there is space", async () => {
    let freedAt = 0;
    const fillThenAnswer: Handler = (request, response) => {
      disk.fill();
      return feed({ body: rssFeed({ items: bulkyItems("big", 300) }), etag: '"big"' })(request, response);
    };
    publisher.setRoute("/first.xml", feed({ body: rssFeed({ items: bulkyItems("first", 3) }) }));
    publisher.setRoute("/big.xml", fillThenAnswer);
    publisher.setRoute("/never.xml", feed({ body: rssFeed({ items: bulkyItems("never", 3) }) }));
    await addDueSource(db, publisher.url("/first.xml"));
    const bigId = await addDueSource(db, publisher.url("/big.xml"));
    await addDueSource(db, publisher.url("/never.xml"));
    await db.source.update({ where: { id: bigId }, data: { consecutiveErrors: 3 } });

    // The operator frees space once the fetch has failed to be stored (and its database error
    // too), while the round retries its last writes: the round's own log line says when.
    const original = console.error;
    const watch = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      original(...args);
      if (freedAt === 0 && String(args[0]).includes("could not record the database error either")) {
        disk.free();
        freedAt = performance.now();
      }
    });
    onTestFinished(() => watch.mockRestore());
    const settings = testRoundSettings({ databaseRetryDelaysMs: [100, 200, 400, 800, 1600, 3200] });
    const report: RoundReport = await settleWithin(runRound(db, settings, { trigger: "cli" }), 20_000, "the round");

    expect(report.status).toBe("failed");
    expect(report.status === "failed" && report.reason).toMatch(
      /^database: could not store the fetch of source \d+: .*database or disk is full/,
    );
    // No other source was tried: a database fault is not any one publisher's.
    expect(publisher.requestsTo("/never.xml")).toHaveLength(0);
    expect(freedAt).toBeGreaterThan(0);

    // The round is recorded as failed, with what its committed fetch did, and the lease is free.
    const round = await db.round.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(round).toMatchObject({ sourcesAttempted: 1, okCount: 1, errorCount: 0, interrupted: false });
    expect(round.failure).toMatch(/database or disk is full/);
    expect(round.finishedAt).not.toBeNull();
    expect((await db.lease.findUniqueOrThrow({ where: { name: ROUND_LEASE } })).expiresAt.getTime()).toBe(0);

    // Nothing of the failed fetch was kept, and its publisher was not blamed.
    const big = await db.source.findUniqueOrThrow({ where: { id: bigId } });
    expect({
      errors: big.consecutiveErrors,
      breaker: big.breakerState,
      etag: big.etag,
      articles: await db.article.count({ where: { sourceId: bigId } }),
    }).toEqual({
      errors: 3,
      breaker: "closed",
      etag: null,
      articles: 0,
    });

    // With space again, the next round writes normally.
    publisher.setRoute("/big.xml", feed({ body: rssFeed({ items: bulkyItems("big", 300) }), etag: '"big"' }));
    await makeAllDue(db);
    const next = await settleWithin(runRound(db, settings, { trigger: "cli" }), 20_000, "the next round");
    expect(next.status === "completed" && next.tally).toMatchObject({ sourcesAttempted: 3, errorCount: 0 });
    expect(await db.article.count({ where: { sourceId: bigId } })).toBe(300);
    expect((await db.source.findUniqueOrThrow({ where: { id: bigId } })).consecutiveErrors).toBe(0);
  });
});
