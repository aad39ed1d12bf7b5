// The fleet's scheduler drift (Fetch.driftMs: how late scheduled fetches started against their due
// time): median and p95 per UTC day over a window, and over the last 24 hours. Read by the fleet
// page's drift chart and by the alert on the fleet's drift p95. Takes the database as an argument
// (no `server-only`): a round or the command line may ask it too.
//
// The database ranks the values and hands back two rows per day (nearest rank: the value at rank
// ceil(p × n)), so a month of fetch log is never loaded into the process. Ranking a month still
// costs: 0.9 s for 164,000 rows on SQLite (scripts/bench/health.ts --fetches 500000 --sources
// 1000). A finished UTC day's figures cannot change (a fetch row is written when the fetch
// happens, and pruning keeps FETCH_LOG_DAYS), so they are kept in memory per database and only days not
// yet known, today's among them, are ranked again.
import { FETCH_LOG_DAYS } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { sql, rawSql, type Sql } from "@/lib/db/sql";
import { providerOf, sqlReaderOf, type Db } from "@/lib/db/client";
import { remember } from "@/lib/base/remember";
import { utcDaySql } from "@/lib/db/dialect";

export type DriftFigures = { fetches: number; medianMs: number; p95Ms: number };
export type DriftDay = DriftFigures & { day: string };
export type FleetDrift = {
  /** UTC days (YYYY-MM-DD), oldest first; only days with scheduled fetches. */
  days: DriftDay[];
  /** The last 24 hours up to `now`; null when no scheduled fetch started in them. */
  last24h: DriftFigures | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
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
  const dayKey = utcDaySql(providerOf(db), "startedAt");
  const [ranked, recent] = await Promise.all([
    firstUnknown === null
      ? new Map<string, DriftDay>()
      : rankDrift(db, dayKey, new Date(`${firstUnknown}T00:00:00.000Z`), now),
    rankDrift(db, rawSql(`'last24h'`), new Date(now.getTime() - DAY_MS), now),
  ]);
  for (const day of window) {
    if (firstUnknown !== null && day >= firstUnknown) known.set(day, ranked.get(day) ?? null);
  }
  const oldestCached = new Date(today - CACHED_DAYS * DAY_MS).toISOString().slice(0, 10);
  for (const day of known.keys()) if (day >= settledBefore || day < oldestCached) known.delete(day);
  const last24h = recent.get("last24h");
  return {
    days: window.flatMap((day) => {
      const figures = known.get(day) ?? ranked.get(day);
      return figures ? [figures] : [];
    }),
    last24h: last24h ? { fetches: last24h.fetches, medianMs: last24h.medianMs, p95Ms: last24h.p95Ms } : null,
  };
}

/** Settled days' figures per database (null: no scheduled fetch that day). */
function knownDays(db: Db): Map<string, DriftDay | null> {
  const all = remember<WeakMap<Db, Map<string, DriftDay | null>>>("fleet-drift-days", () => new WeakMap());
  let days = all.get(db);
  if (!days) all.set(db, (days = new Map()));
  return days;
}

type RankedRow = { bucket: string; n: number | bigint | string; position: number | bigint | string; driftMs: number };

async function rankDrift(db: Db, bucket: Sql, from: Date, to: Date): Promise<Map<string, DriftDay>> {
  // (n + 1) / 2 and (95n + 99) / 100 are ceil(n / 2) and ceil(0.95 n) in integer arithmetic, which
  // both databases share (SQLite has no ceil() in every build).
  const rows = await sqlReaderOf(db).all<RankedRow>(sql`
    SELECT "bucket", "n", "position", "driftMs" FROM (
      SELECT "bucket", "driftMs",
        ROW_NUMBER() OVER (PARTITION BY "bucket" ORDER BY "driftMs") AS "position",
        COUNT(*) OVER (PARTITION BY "bucket") AS "n"
      FROM (SELECT ${bucket} AS "bucket", "driftMs" FROM "Fetch" WHERE "startedAt" >= ${from} AND "startedAt" <= ${to} AND "driftMs" IS NOT NULL) AS "scheduled"
    ) AS "ranked"
    WHERE "position" = ("n" + 1) / 2 OR "position" = (95 * "n" + 99) / 100`);
  const figures = new Map<string, DriftDay>();
  for (const row of rows) {
    const n = Number(row.n);
    const position = Number(row.position);
    const entry = figures.get(row.bucket) ?? { day: row.bucket, fetches: n, medianMs: 0, p95Ms: 0 };
    if (position === Math.floor((n + 1) / 2)) entry.medianMs = Number(row.driftMs);
    if (position === Math.floor((95 * n + 99) / 100)) entry.p95Ms = Number(row.driftMs);
    figures.set(row.bucket, entry);
  }
  return figures;
}
