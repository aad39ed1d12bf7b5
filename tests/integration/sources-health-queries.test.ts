// The health pages' data functions read through the process-wide client (getDb), as Server
// Components do: the test points DATABASE_URL at its fresh database before the first call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { forget } from "@/lib/base/remember";
import { disconnectDb } from "@/lib/db/client";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { getOutcomeWindows } from "@/lib/reads/health/get-outcome-windows";
import { getMedianDuration } from "@/lib/reads/health/get-median-duration";
import { listDailyOutcomes } from "@/lib/reads/health/list-daily-outcomes";
import { listFetchLog, LOG_PAGE_SIZE } from "@/lib/reads/health/list-fetch-log";
import { listRecentFetches } from "@/lib/reads/health/list-recent-fetches";
import { getFleetStates } from "@/lib/reads/health/get-fleet-states";
import { listRecentRounds } from "@/lib/reads/health/list-recent-rounds";
import { listSourceEvents } from "@/lib/reads/health/list-source-events";
import { listSourcesPage, type SourceSort } from "@/lib/reads/sources/list-sources";
import { listRecentOutcomes } from "@/lib/reads/sources/list-recent-outcomes";
import { getSource } from "@/lib/reads/sources/get-source";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
const NOW = new Date();
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

type Row = {
  at: Date;
  outcome: "ok" | "not_modified" | "error";
  durationMs: number;
  bytes?: number;
  newArticles?: number;
  errorKind?: string;
  httpStatus?: number;
};

/** Fetch rows plus their roll-ups, as writeFetch writes them. */
async function seed(sourceId: number, rows: Row[], lastBodyBytes = 1000): Promise<void> {
  for (const row of rows) {
    await database.db.fetch.create({
      data: {
        sourceId,
        startedAt: row.at,
        durationMs: row.durationMs,
        outcome: row.outcome,
        bytesReceived: row.bytes ?? 0,
        newArticles: row.newArticles ?? 0,
        errorKind: row.errorKind ?? null,
        httpStatus: row.httpStatus ?? (row.outcome === "ok" ? 200 : row.outcome === "not_modified" ? 304 : 500),
      },
    });
    const day = row.at.toISOString().slice(0, 10);
    const counts = {
      ok: row.outcome === "ok" ? 1 : 0,
      notModified: row.outcome === "not_modified" ? 1 : 0,
      error: row.outcome === "error" ? 1 : 0,
      bytesReceived: row.bytes ?? 0,
      bytesSaved: row.outcome === "not_modified" ? lastBodyBytes : 0,
      newArticles: row.newArticles ?? 0,
      durationMsSum: row.durationMs,
    };
    const increments = Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, { increment: value }]));
    await database.db.fetchDaily.upsert({
      where: { sourceId_day: { sourceId, day } },
      create: { sourceId, day, ...counts },
      update: increments,
    });
    await database.db.fetchFleetDaily.upsert({ where: { day }, create: { day, ...counts }, update: increments });
  }
}

let main: number;
let failing: number;
let gone: number;
let quiet: number;

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  const add = async (name: string, folderName: string | null = null) =>
    createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: `https://${name}.example/feed`,
      title: name,
      customTitle: null,
      folderName,
    });
  main = await add("main", "Tech");
  failing = await add("failing");
  gone = await add("gone");
  quiet = await add("quiet", "Tech");
  await seed(main, [
    { at: ago(40 * 24 * HOUR), outcome: "error", durationMs: 9000, errorKind: "timeout" },
    { at: ago(10 * 24 * HOUR), outcome: "ok", durationMs: 400, bytes: 1000, newArticles: 3 },
    { at: ago(3 * 24 * HOUR), outcome: "error", durationMs: 3000, errorKind: "http_5xx" },
    { at: ago(2 * HOUR), outcome: "not_modified", durationMs: 50 },
    { at: ago(1 * HOUR), outcome: "ok", durationMs: 100, bytes: 1200, newArticles: 1 },
  ]);
  await database.db.source.update({
    where: { id: main },
    data: { lastOutcome: "ok", lastSuccessAt: ago(HOUR), lastNewArticleAt: ago(HOUR) },
  });
  await database.db.source.update({
    where: { id: failing },
    data: {
      lastOutcome: "error",
      consecutiveErrors: 6,
      breakerState: "open",
      lastErrorKind: "http_5xx",
      lastSuccessAt: ago(100 * HOUR),
    },
  });
  await database.db.source.update({
    where: { id: gone },
    data: { enabled: false, disabledReason: "gone", lastOutcome: "error", lastErrorKind: "gone" },
  });
  await database.db.source.update({
    where: { id: quiet },
    data: { lastOutcome: "not_modified", lastSuccessAt: ago(HOUR), lastNewArticleAt: ago(60 * 24 * HOUR) },
  });
});
afterAll(async () => {
  await disconnectDb();
  await database.dispose();
});

describe("a source's health figures", () => {
  it("shares of ok / not_modified / error over 24 h, 7 d and 30 d", async () => {
    const windows = await getOutcomeWindows(main, NOW);
    expect([windows.h24.ok, windows.h24.notModified, windows.h24.error, windows.h24.okShare]).toEqual([1, 1, 0, 0.5]);
    expect([windows.d7.ok, windows.d7.notModified, windows.d7.error, windows.d7.total]).toEqual([1, 1, 1, 3]);
    expect([windows.d30.ok, windows.d30.notModified, windows.d30.error, windows.d30.total]).toEqual([2, 1, 1, 4]);
  });

  it("median response time over 7 days", async () => {
    const windows = await getOutcomeWindows(main, NOW);
    expect(await getMedianDuration(main, NOW, windows.d7.total)).toEqual({ medianMs: 100, fetches: 3 });
    expect(await getMedianDuration(gone, NOW, 0)).toEqual({ medianMs: null, fetches: 0 });
    // An even count averages the two middle values (10 and 30 → 20).
    await database.db.fetch.create({ data: { sourceId: gone, startedAt: ago(HOUR), durationMs: 10, outcome: "ok" } });
    await database.db.fetch.create({
      data: { sourceId: gone, startedAt: ago(2 * HOUR), durationMs: 30, outcome: "ok" },
    });
    expect(await getMedianDuration(gone, NOW, 2)).toEqual({ medianMs: 20, fetches: 2 });
    await database.db.fetch.deleteMany({ where: { sourceId: gone } });
  });

  it("daily outcomes and bytes from the roll-ups, one column per day, for a source and for the fleet", async () => {
    const days = await listDailyOutcomes(main, NOW, 30);
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.day).toBe(NOW.toISOString().slice(0, 10));
    const total = days.reduce(
      (sum, day) => ({
        ok: sum.ok + day.ok,
        nm: sum.nm + day.notModified,
        err: sum.err + day.error,
        bytes: sum.bytes + day.bytesReceived,
        saved: sum.saved + day.bytesSaved,
      }),
      { ok: 0, nm: 0, err: 0, bytes: 0, saved: 0 },
    );
    expect(total).toEqual({ ok: 2, nm: 1, err: 1, bytes: 2200, saved: 1000 });
    const fleet = await listDailyOutcomes(null, NOW, 30);
    expect(fleet.reduce((sum, day) => sum + day.ok + day.notModified + day.error, 0)).toBe(4);
  });

  it("the recent fetches, newest first, for the strip and the badges", async () => {
    const recent = await listRecentFetches(main, 3);
    expect(recent.map((row) => row.outcome)).toEqual(["ok", "not_modified", "error"]);
  });

  it("the source with its folder and article count", async () => {
    const reader = await readerId(database.db);
    expect(await getSource(reader, main)).toMatchObject({ displayTitle: "main", folderName: "Tech", articleCount: 0 });
    expect(await getSource(reader, 999_999)).toBeNull();
  });

  it("its history, newest first", async () => {
    expect((await listSourceEvents(main)).map((event) => event.kind)).toEqual(["added"]);
  });
});

describe("the fetch log", () => {
  it("pages with keyset cursors: newest, older, older, then back newer, without gaps or overlaps", async () => {
    const paged = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://paged.example/feed",
      title: "paged",
      customTitle: null,
      folderName: null,
    });
    const rows = Array.from({ length: 120 }, (_, index) => ({
      sourceId: paged,
      startedAt: ago((index % 60) * 60_000),
      durationMs: index,
      outcome: "ok",
    }));
    await database.db.fetch.createMany({ data: rows }); // pairs of equal startedAt: the id breaks ties
    const all = (
      await database.db.fetch.findMany({ where: { sourceId: paged }, orderBy: [{ startedAt: "desc" }, { id: "desc" }] })
    ).map((row) => row.id);

    const first = await listFetchLog(paged, {});
    expect(first.rows.map((row) => row.id)).toEqual(all.slice(0, LOG_PAGE_SIZE));
    expect(first.newerCursor).toBeNull();
    const second = await listFetchLog(paged, { before: first.olderCursor });
    expect(second.rows.map((row) => row.id)).toEqual(all.slice(50, 100));
    const third = await listFetchLog(paged, { before: second.olderCursor });
    expect(third.rows.map((row) => row.id)).toEqual(all.slice(100));
    expect(third.olderCursor).toBeNull();
    const back = await listFetchLog(paged, { after: third.newerCursor });
    expect(back.rows.map((row) => row.id)).toEqual(all.slice(50, 100));
    const top = await listFetchLog(paged, { after: back.newerCursor });
    expect(top.rows.map((row) => row.id)).toEqual(all.slice(0, 50));
    expect(top.newerCursor).toBeNull();
    // A forged cursor is ignored: the newest page.
    expect((await listFetchLog(paged, { before: "1; DROP TABLE" })).rows[0]!.id).toBe(all[0]);
    await database.db.source.delete({ where: { id: paged } });
  });
});

describe("the sources list and the fleet", () => {
  it("classifies every source and sorts problems first", async () => {
    const listSources = async (sort: SourceSort) =>
      (await listSourcesPage(await readerId(database.db), { sort, state: null, q: "", page: 1 }, NOW)).rows;
    const sorted = await listSources("problems");
    expect(sorted.map((source) => [source.displayTitle, source.health])).toEqual([
      ["gone", "gone"],
      ["failing", "breaker_open"],
      ["quiet", "quiet"],
      ["main", "healthy"],
    ]);
    expect((await listSources("title")).map((source) => source.displayTitle)).toEqual([
      "failing",
      "gone",
      "main",
      "quiet",
    ]);
    expect((await listSources("folder")).map((source) => source.folder)).toEqual(["Tech", "Tech", null, null]);
  });

  it("the last outcomes of every source in one query, newest first, at most N each", async () => {
    const strips = await listRecentOutcomes(2);
    expect(strips.get(main)).toBe("on");
    expect(strips.has(gone)).toBe(false);
    expect((await listRecentOutcomes(20)).get(main)).toBe("oneoe");
  });

  it("counts sources by state and lists those needing attention, most urgent first", async () => {
    const fleet = await getFleetStates(NOW);
    expect(fleet.counts).toEqual({
      healthy: 1,
      new: 0,
      quiet: 1,
      backing_off: 0,
      breaker_open: 1,
      disabled: 0,
      gone: 1,
    });
    expect(fleet.attention.map((source) => source.displayTitle)).toEqual(["gone", "failing", "quiet"]);
    expect(fleet.attentionTotal).toBe(3);
  });

  it("the latest rounds, newest first", async () => {
    await database.db.round.createMany({
      data: [
        { startedAt: ago(2 * HOUR), finishedAt: ago(2 * HOUR - 5000), trigger: "cron", instanceId: "x", okCount: 3 },
        {
          startedAt: ago(HOUR),
          finishedAt: ago(HOUR - 5000),
          trigger: "cron",
          instanceId: "x",
          offline: true,
          errorCount: 5,
        },
      ],
    });
    const rounds = await listRecentRounds(10);
    expect(rounds.map((round) => [round.offline, round.okCount, round.errorCount])).toEqual([
      [true, 0, 5],
      [false, 3, 0],
    ]);
  });
});
