import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { FETCH_LOG_DAYS, KEEP_PER_SOURCE, pruneFetchLog } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { startPruneSchedule, stopPruneSchedule } from "@/lib/entry/server/prune-schedule";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;

const NOW = new Date("2026-11-30T12:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const CUTOFF = NOW.getTime() - FETCH_LOG_DAYS * DAY_MS;
/** Counts as tenths of KEEP_PER_SOURCE, so the cases hold whatever it is. */
const K = (tenths: number) => (KEEP_PER_SOURCE * tenths) / 10;

beforeAll(async () => {
  database = await createFreshDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** `count` fetch rows spread evenly from `fromMs` (oldest) to `toMs` (newest). */
async function seed(sourceId: number, count: number, fromMs: number, toMs: number): Promise<void> {
  const step = count > 1 ? (toMs - fromMs) / (count - 1) : 0;
  const rows = Array.from({ length: count }, (_, index) => ({
    sourceId,
    startedAt: new Date(Math.round(fromMs + index * step)),
    durationMs: 100,
    outcome: index % 3 === 0 ? "ok" : "not_modified",
  }));
  for (let start = 0; start < rows.length; start += 500)
    await database.db.fetch.createMany({ data: rows.slice(start, start + 500) });
  await database.db.fetchDaily.upsert({
    where: { sourceId_day: { sourceId, day: "2026-01-01" } },
    create: { sourceId, day: "2026-01-01", ok: count },
    update: { ok: { increment: count } },
  });
}

async function source(name: string): Promise<number> {
  return createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: `https://${name}.example/feed`,
    title: name,
    customTitle: null,
    folderName: null,
  });
}

describe("pruning the fetch log", () => {
  it(`keeps ${FETCH_LOG_DAYS} days or the last ${KEEP_PER_SOURCE} per source, whichever keeps more, in small batches, and never touches the roll-ups`, async () => {
    const old = await source("old"); // 1.2 K rows, all older than the cutoff → the newest K stay
    const busy = await source("busy"); // 1.5 K rows, all after it → all stay
    const mixed = await source("mixed"); // 0.3 K old + 1.1 K recent → the 1.1 K recent stay
    const small = await source("small"); // 0.5 K old rows → fewer than K: all stay
    const topped = await source("topped"); // 0.3 K old + 0.9 K recent → 0.9 K recent + the newest 0.1 K old stay
    await seed(old, K(12), CUTOFF - 200 * DAY_MS, CUTOFF - DAY_MS);
    await seed(busy, K(15), CUTOFF + DAY_MS, NOW.getTime());
    await seed(mixed, K(3), CUTOFF - 50 * DAY_MS, CUTOFF - 1000);
    await seed(mixed, K(11), CUTOFF + 1000, NOW.getTime());
    await seed(small, K(5), CUTOFF - 100 * DAY_MS, CUTOFF - DAY_MS);
    await seed(topped, K(3), CUTOFF - 30 * DAY_MS, CUTOFF - 1000);
    await seed(topped, K(9), CUTOFF + 1000, NOW.getTime());
    const rollupsBefore = await database.db.fetchDaily.findMany({ orderBy: [{ sourceId: "asc" }, { day: "asc" }] });

    const report = await pruneFetchLog(database.db, NOW, { batchSize: 16, pauseMs: 0 });

    const remaining = async (id: number) => database.db.fetch.count({ where: { sourceId: id } });
    expect(await remaining(old)).toBe(KEEP_PER_SOURCE);
    expect(await remaining(busy)).toBe(K(15));
    expect(await remaining(mixed)).toBe(K(11));
    expect(await remaining(small)).toBe(K(5));
    expect(await remaining(topped)).toBe(K(10));
    expect(report).toMatchObject({ deleted: K(2) + K(3) + K(2), sources: 3 });
    expect(report.batches).toBeGreaterThanOrEqual(2 * Math.ceil(K(2) / 16) + Math.ceil(K(3) / 16));

    // What stays is always the newest rows.
    const oldest = await database.db.fetch.findFirstOrThrow({
      where: { sourceId: old },
      orderBy: { startedAt: "asc" },
    });
    const newestDeleted = CUTOFF - 200 * DAY_MS + ((K(12) - (K(10) + 1)) * (199 * DAY_MS)) / (K(12) - 1);
    expect(oldest.startedAt.getTime()).toBeGreaterThan(newestDeleted);
    expect(await database.db.fetch.count({ where: { sourceId: topped, startedAt: { lt: new Date(CUTOFF) } } })).toBe(
      K(1),
    );
    expect(await database.db.fetchDaily.findMany({ orderBy: [{ sourceId: "asc" }, { day: "asc" }] })).toEqual(
      rollupsBefore,
    );

    // Running it again finds nothing more to do.
    expect(await pruneFetchLog(database.db, NOW, { pauseMs: 0 })).toEqual({ deleted: 0, sources: 0, batches: 0 });
  });

  it(`keeps the fleet's drift roll-up for the same ${FETCH_LOG_DAYS} days, the hour the cutoff falls in included`, async () => {
    // The cutoff is 12:00 on 2026-10-30.
    await database.db.fetchDrift.createMany({
      data: [
        { hour: "2026-10-29T23", driftMs: 1000, fetches: 4 },
        { hour: "2026-10-30T11", driftMs: 1000, fetches: 3 },
        { hour: "2026-10-30T12", driftMs: 1000, fetches: 2 },
        { hour: "2026-11-30T11", driftMs: -100, fetches: 1 },
      ],
    });
    await pruneFetchLog(database.db, NOW, { pauseMs: 0 });
    expect(await database.db.fetchDrift.findMany({ orderBy: { hour: "asc" }, select: { hour: true } })).toEqual([
      { hour: "2026-10-30T12" },
      { hour: "2026-11-30T11" },
    ]);
  });

  it(`keeps a tie on the ${KEEP_PER_SOURCE}th row's time by id (never more than asked, never a newer row)`, async () => {
    const tied = await source("tied");
    const at = new Date(CUTOFF - 10 * DAY_MS);
    await database.db.fetch.createMany({
      data: Array.from({ length: KEEP_PER_SOURCE + 5 }, () => ({
        sourceId: tied,
        startedAt: at,
        durationMs: 1,
        outcome: "ok",
      })),
    });
    await pruneFetchLog(database.db, NOW, { pauseMs: 0 });
    const ids = (
      await database.db.fetch.findMany({ where: { sourceId: tied }, select: { id: true }, orderBy: { id: "asc" } })
    ).map((row) => row.id);
    expect(ids).toHaveLength(KEEP_PER_SOURCE);
    const all = ids.at(-1)! - ids[0]! + 1;
    expect(all).toBe(KEEP_PER_SOURCE); // the highest ids, contiguous
  });

  it("stops between batches when asked (shutdown)", async () => {
    const stop = await source("stop");
    await seed(stop, K(13), CUTOFF - 100 * DAY_MS, CUTOFF - DAY_MS);
    let calls = 0;
    const report = await pruneFetchLog(database.db, NOW, {
      batchSize: K(1),
      pauseMs: 0,
      shouldStop: () => ++calls > 2,
    });
    expect(report.deleted).toBeLessThan(K(3));
    expect(await database.db.fetch.count({ where: { sourceId: stop } })).toBeGreaterThan(KEEP_PER_SOURCE);
  });

  it("runs in the background on a schedule (the lead's server start calls it) and stops cleanly", async () => {
    const background = await source("background");
    const now = Date.now();
    await seed(background, K(11), now - 200 * DAY_MS, now - 100 * DAY_MS);
    startPruneSchedule(database.db, { firstAfterMs: 0, everyMs: 60 * 60 * 1000 });
    startPruneSchedule(database.db, { firstAfterMs: 0 }); // a second start (dev reload) adds no second timer
    await expect
      .poll(() => database.db.fetch.count({ where: { sourceId: background } }), { timeout: 10_000, interval: 100 })
      .toBe(KEEP_PER_SOURCE);
    await stopPruneSchedule();
  });
});
