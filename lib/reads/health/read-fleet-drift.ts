// The fleet's scheduler drift (Fetch.driftMs: how late scheduled fetches started against their due
// time): median and p95 per UTC day over a window, and over the last 24 hours. Read by the fleet
// page's drift chart and by the alert on the fleet's drift p95. Takes the database as an argument
// (no `server-only`): a round or the command line may ask it too.
//
// The figures come from the drift roll-up (FetchDrift, lib/pipeline/store/fetch/drift-rollup.ts):
// per UTC hour, how many scheduled feed fetches fell in each drift bucket. A day's median and p95
// are the nearest-rank values (rank ceil(p × n)) of its buckets summed over its hours, so each is
// its bucket's lower bound: two significant digits, at most 10% under the exact value, never over.
// The raw log was ranked before (0.58 s CPU a view on SQLite at 10,000 sources, 5,000,000 fetches:
// today's 160,000 rows and the last 24 hours' again). A finished UTC day's figures cannot change,
// so they are still kept in memory per database and only days not yet known, today's among them,
// are read again: a few hundred buckets an hour.
import { FETCH_LOG_DAYS } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { driftBucketMs, driftHour } from "@/lib/pipeline/store/fetch/drift-rollup";
import { FEED_ONLY_SQL } from "@/lib/base/fetch-kinds";
import { sql, rawSql } from "@/lib/db/sql";
import { sqlReaderOf, type Db } from "@/lib/db/client";
import { remember } from "@/lib/base/remember";

export type DriftFigures = { fetches: number; medianMs: number; p95Ms: number };
export type DriftDay = DriftFigures & { day: string };
export type FleetDrift = {
  /** UTC days (YYYY-MM-DD), oldest first; only days with scheduled fetches. */
  days: DriftDay[];
  /** The last 24 hours up to `now`; null when no scheduled fetch started in them. */
  last24h: DriftFigures | null;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Settled days stay cached this long whatever window a caller asks for: the alert evaluation asks
 * for one day after every round, and must not evict the month the health page needs. The fetch log
 * keeps FETCH_LOG_DAYS (lib/pipeline/store/fetch/prune-fetch-log.ts), so older days cannot change either.
 */
const CACHED_DAYS = FETCH_LOG_DAYS + 1;

/** `days` UTC days up to and including today's; `now` bounds the window's end (a test's clock). */
export async function readFleetDrift(db: Db, { now, days }: { now: Date; days: number }): Promise<FleetDrift> {
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError(`readFleetDrift: days must be a positive integer (got ${days})`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const window = Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
  // Days that ended before the real clock's today are settled; a test or benchmark on a clock of its
  // own may still write rows for "past" days, so `now` alone does not settle a day.
  const settledBefore = new Date().toISOString().slice(0, 10);
  const known = knownDays(db);
  const firstUnknown = window.find((day) => day >= settledBefore || !known.has(day)) ?? null;
  const [ranked, last24h] = await Promise.all([
    firstUnknown === null ? new Map<string, DriftDay>() : readDays(db, firstUnknown, driftHour(now)),
    readLast24Hours(db, now),
  ]);
  for (const day of window) {
    if (firstUnknown !== null && day >= firstUnknown) known.set(day, ranked.get(day) ?? null);
  }
  const oldestCached = new Date(today - CACHED_DAYS * DAY_MS).toISOString().slice(0, 10);
  for (const day of known.keys()) if (day >= settledBefore || day < oldestCached) known.delete(day);
  return {
    days: window.flatMap((day) => {
      const figures = known.get(day) ?? ranked.get(day);
      return figures ? [figures] : [];
    }),
    last24h,
  };
}

/** Settled days' figures per database (null: no scheduled fetch that day). */
function knownDays(db: Db): Map<string, DriftDay | null> {
  const all = remember<WeakMap<Db, Map<string, DriftDay | null>>>("fleet-drift-days", () => new WeakMap());
  let days = all.get(db);
  if (!days) all.set(db, (days = new Map()));
  return days;
}

type BucketRow = { day: string; driftMs: number; fetches: number | bigint | string };
/** Drift buckets and their counts, in ascending drift. */
type Buckets = Array<[driftMs: number, fetches: number]>;

/** Each day from `firstDay` through the hour `lastHour`: its buckets summed over its hours. */
async function readDays(db: Db, firstDay: string, lastHour: string): Promise<Map<string, DriftDay>> {
  const rows = await sqlReaderOf(db).all<BucketRow>(sql`
    SELECT substr("hour", 1, 10) AS "day", "driftMs", SUM("fetches") AS "fetches" FROM "FetchDrift"
    WHERE "hour" >= ${firstDay} AND "hour" <= ${lastHour}
    GROUP BY substr("hour", 1, 10), "driftMs" ORDER BY "day", "driftMs"`);
  const byDay = new Map<string, Buckets>();
  for (const row of rows) {
    const buckets = byDay.get(row.day) ?? [];
    buckets.push([Number(row.driftMs), Number(row.fetches)]);
    byDay.set(row.day, buckets);
  }
  const figures = new Map<string, DriftDay>();
  for (const [day, buckets] of byDay) {
    const ranked = rankBuckets(buckets);
    if (ranked) figures.set(day, { day, ...ranked });
  }
  return figures;
}

/**
 * The 24 hours up to `now`. The hour that `now - 24 h` falls in is only partly inside them: its
 * fetches are read from the log (an hour of rows through the (startedAt, driftMs, kind) index) and
 * bucketed by the roll-up's rule; the whole hours after it come from the roll-up.
 */
async function readLast24Hours(db: Db, now: Date): Promise<DriftFigures | null> {
  const from = new Date(now.getTime() - DAY_MS);
  const firstWholeHour = new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const reader = sqlReaderOf(db);
  const [hours, edge] = await Promise.all([
    reader.all<Omit<BucketRow, "day">>(sql`
      SELECT "driftMs", SUM("fetches") AS "fetches" FROM "FetchDrift"
      WHERE "hour" >= ${driftHour(firstWholeHour)} AND "hour" <= ${driftHour(now)} GROUP BY "driftMs"`),
    reader.all<{ driftMs: number }>(sql`
      SELECT "driftMs" FROM "Fetch"
      WHERE "startedAt" >= ${from} AND "startedAt" < ${firstWholeHour} AND "driftMs" IS NOT NULL AND ${rawSql(FEED_ONLY_SQL)}`),
  ]);
  const counts = new Map<number, number>();
  for (const row of hours) counts.set(Number(row.driftMs), Number(row.fetches));
  for (const row of edge) {
    const bucket = driftBucketMs(Number(row.driftMs));
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return rankBuckets([...counts].sort(([a], [b]) => a - b));
}

/** The nearest-rank median and p95 of ascending buckets; null when they hold no fetch. */
function rankBuckets(buckets: Buckets): DriftFigures | null {
  const n = buckets.reduce((sum, [, fetches]) => sum + fetches, 0);
  if (n === 0) return null;
  // ceil(n / 2) and ceil(0.95 n) in integer arithmetic (0.95 has no exact binary form).
  return {
    fetches: n,
    medianMs: valueAtRank(buckets, Math.floor((n + 1) / 2)),
    p95Ms: valueAtRank(buckets, Math.floor((95 * n + 99) / 100)),
  };
}

function valueAtRank(buckets: Buckets, rank: number): number {
  let seen = 0;
  for (const [driftMs, fetches] of buckets) {
    seen += fetches;
    if (seen >= rank) return driftMs;
  }
  throw new RangeError(`valueAtRank: rank ${rank} beyond ${seen} fetches`);
}
