import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { KEEP_PER_SOURCE, pruneFetchLog, RETENTION_DAYS } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { startPruneSchedule, stopPruneSchedule } from "@/lib/entry/server/prune-schedule";

let database: FreshDatabase;

const NOW = new Date("2026-11-30T12:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const CUTOFF = NOW.getTime() - RETENTION_DAYS * DAY_MS;

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
    feedUrl: `https://${name}.example/feed`,
    title: name,
    customTitle: null,
    folderName: null,
  });
}

describe("pruning the fetch log", () => {
  it("keeps 90 days or the last 1,000 per source, whichever keeps more, in small batches, and never touches the roll-ups", async () => {
    const old = await source("old"); // 1,200 rows, all older than 90 days → the newest 1,000 stay
    const busy = await source("busy"); // 1,500 rows, all within 90 days → all stay
    const mixed = await source("mixed"); // 300 old + 1,100 recent → the 1,100 recent stay
    const small = await source("small"); // 500 old rows → fewer than 1,000: all stay
    const topped = await source("topped"); // 300 old + 900 recent → 900 recent + the newest 100 old stay
    await seed(old, 1200, CUTOFF - 200 * DAY_MS, CUTOFF - DAY_MS);
    await seed(busy, 1500, CUTOFF + DAY_MS, NOW.getTime());
    await seed(mixed, 300, CUTOFF - 50 * DAY_MS, CUTOFF - 1000);
    await seed(mixed, 1100, CUTOFF + 1000, NOW.getTime());
    await seed(small, 500, CUTOFF - 100 * DAY_MS, CUTOFF - DAY_MS);
    await seed(topped, 300, CUTOFF - 30 * DAY_MS, CUTOFF - 1000);
    await seed(topped, 900, CUTOFF + 1000, NOW.getTime());
    const rollupsBefore = await database.db.fetchDaily.findMany({ orderBy: [{ sourceId: "asc" }, { day: "asc" }] });

    const report = await pruneFetchLog(database.db, NOW, { batchSize: 64, pauseMs: 0 });

    const remaining = async (id: number) => database.db.fetch.count({ where: { sourceId: id } });
    expect(await remaining(old)).toBe(KEEP_PER_SOURCE);
    expect(await remaining(busy)).toBe(1500);
    expect(await remaining(mixed)).toBe(1100);
    expect(await remaining(small)).toBe(500);
    expect(await remaining(topped)).toBe(1000);
    expect(report).toMatchObject({ deleted: 200 + 300 + 200, sources: 3 });
    expect(report.batches).toBeGreaterThanOrEqual(Math.ceil(200 / 64) + Math.ceil(300 / 64) + Math.ceil(200 / 64));

    // What stays is always the newest rows.
    const oldest = await database.db.fetch.findFirstOrThrow({
      where: { sourceId: old },
      orderBy: { startedAt: "asc" },
    });
    const newestDeleted = CUTOFF - 200 * DAY_MS + ((1200 - 1001) * (199 * DAY_MS)) / 1199;
    expect(oldest.startedAt.getTime()).toBeGreaterThan(newestDeleted);
    expect(await database.db.fetch.count({ where: { sourceId: topped, startedAt: { lt: new Date(CUTOFF) } } })).toBe(
      100,
    );
    expect(await database.db.fetchDaily.findMany({ orderBy: [{ sourceId: "asc" }, { day: "asc" }] })).toEqual(
      rollupsBefore,
    );

    // Running it again finds nothing more to do.
    expect(await pruneFetchLog(database.db, NOW, { pauseMs: 0 })).toEqual({ deleted: 0, sources: 0, batches: 0 });
  });

  it("prunes the page and icon requests by the same rule, as rows of the same log", async () => {
    const pages = await source("pages");
    await seed(pages, KEEP_PER_SOURCE, CUTOFF + DAY_MS, NOW.getTime());
    const request = (kind: "page" | "icon", daysAgo: number) => ({
      sourceId: pages,
      kind,
      url: `https://pages.example/${kind}/${daysAgo}`,
      startedAt: new Date(NOW.getTime() - daysAgo * DAY_MS),
      durationMs: 10,
      outcome: "ok",
    });
    await database.db.fetch.createMany({
      data: [request("page", RETENTION_DAYS + 5), request("icon", RETENTION_DAYS + 2), request("page", 1)],
    });
    await pruneFetchLog(database.db, NOW, { pauseMs: 0 });
    const left = await database.db.fetch.findMany({ where: { sourceId: pages, kind: { not: "feed" } } });
    expect(left.map((row) => row.url)).toEqual(["https://pages.example/page/1"]);
    expect(await database.db.fetch.count({ where: { sourceId: pages, kind: "feed" } })).toBe(KEEP_PER_SOURCE);
  });

  it("keeps a tie on the 1,000th row's time by id (never more than asked, never a newer row)", async () => {
    const tied = await source("tied");
    const at = new Date(CUTOFF - 10 * DAY_MS);
    await database.db.fetch.createMany({
      data: Array.from({ length: 1005 }, () => ({ sourceId: tied, startedAt: at, durationMs: 1, outcome: "ok" })),
    });
    await pruneFetchLog(database.db, NOW, { pauseMs: 0 });
    const ids = (
      await database.db.fetch.findMany({ where: { sourceId: tied }, select: { id: true }, orderBy: { id: "asc" } })
    ).map((row) => row.id);
    expect(ids).toHaveLength(1000);
    const all = ids.at(-1)! - ids[0]! + 1;
    expect(all).toBe(1000); // the highest ids, contiguous
  });

  it("stops between batches when asked (shutdown)", async () => {
    const stop = await source("stop");
    await seed(stop, 1300, CUTOFF - 100 * DAY_MS, CUTOFF - DAY_MS);
    let calls = 0;
    const report = await pruneFetchLog(database.db, NOW, { batchSize: 100, pauseMs: 0, shouldStop: () => ++calls > 2 });
    expect(report.deleted).toBeLessThan(300);
    expect(await database.db.fetch.count({ where: { sourceId: stop } })).toBeGreaterThan(1000);
  });

  it("runs in the background on a schedule (the lead's server start calls it) and stops cleanly", async () => {
    const background = await source("background");
    const now = Date.now();
    await seed(background, 1100, now - 200 * DAY_MS, now - 100 * DAY_MS);
    startPruneSchedule(database.db, { firstAfterMs: 0, everyMs: 60 * 60 * 1000 });
    startPruneSchedule(database.db, { firstAfterMs: 0 }); // a second start (dev reload) adds no second timer
    await expect
      .poll(() => database.db.fetch.count({ where: { sourceId: background } }), { timeout: 10_000, interval: 100 })
      .toBe(1000);
    await stopPruneSchedule();
  });
});
