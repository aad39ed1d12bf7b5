import "server-only";
// Each source's roll-up sums over the publishers' period (FetchDaily, PUBLISHER_DAYS days up to
// today). Summing 300,000 roll-up rows (10,000 sources × 30 days) cost about 160 ms of CPU on every
// /health request, so the sums are kept per database, the settled days' and today's apart, and
// checked on every read against the fleet's totals of those days (FetchFleetDaily: one row a day,
// written with every fetch, so any fetch recorded on those days (one just after midnight, a test's
// own clock) changes them and that part is read again). Checking against FetchDaily itself scanned
// its 300,000 index entries on each request (~250 ms of CPU at 10,000 sources on SQLite), and
// today's 10,000 rows were read on each. A removed source's rows leave FetchDaily but not the
// fleet's totals: its kept sums stay until the next change, and the caller keeps only the sources
// that exist. The maps returned are shared between requests: read them, never change them.
import { sqlReaderOf, type Db } from "@/lib/db/client";
import { sql, joinSql, rawSql, emptySql, type Sql } from "@/lib/db/sql";
import { remember } from "@/lib/base/remember";

export const SUMMED = [
  "ok",
  "notModified",
  "error",
  "bytesReceived",
  "bytesSaved",
  "answered304",
  "churned",
  "resent",
  "changed",
] as const;
export type DaySums = Record<(typeof SUMMED)[number], number>;

/** The kept sums of a period: the settled days' and today's, each with the fleet's totals they were read at. */
type Kept = {
  from: string;
  today: string;
  settledTotals: string;
  settled: Map<number, DaySums>;
  todayTotals: string;
  current: Map<number, DaySums>;
  total: Map<number, DaySums>;
};
type Count = number | bigint | string | null;

/**
 * Per source, the sums from day `from` through `today` (UTC 'YYYY-MM-DD'). The settled days and
 * today are each read again only when the fleet's totals of those days changed: between rounds
 * nothing is read but the fleet's rows; while a round runs, today's rows (one per source).
 * A few sources (one publisher's page) are summed directly through the primary key instead: their
 * rows are few, and checking the whole fleet's totals would cost more than reading them.
 */
export async function sumPublisherDays(
  db: Db,
  from: string,
  today: string,
  sourceIds?: number[],
): Promise<Map<number, DaySums>> {
  if (sourceIds)
    return sourceIds.length === 0
      ? new Map()
      : readSums(db, sql`"sourceId" IN (${joinSql(sourceIds)}) AND "day" >= ${from} AND "day" <= ${today}`, true);
  const kept = remember("publisher-day-sums", () => new WeakMap<Db, Kept>());
  const { settledTotals, todayTotals } = await readFleetTotals(db, from, today);
  const entry = kept.get(db);
  const samePeriod = entry !== undefined && entry.from === from && entry.today === today;
  if (samePeriod && entry.settledTotals === settledTotals && entry.todayTotals === todayTotals) return entry.total;
  const [settled, current] = await Promise.all([
    samePeriod && entry.settledTotals === settledTotals
      ? entry.settled
      : readSums(db, sql`"day" >= ${from} AND "day" < ${today}`, true),
    samePeriod && entry.todayTotals === todayTotals ? entry.current : readSums(db, sql`"day" = ${today}`, false),
  ]);
  const total = new Map(settled);
  for (const [sourceId, sums] of current) {
    const before = total.get(sourceId);
    total.set(sourceId, before ? addSums(before, sums) : sums);
  }
  kept.set(db, { from, today, settledTotals, settled, todayTotals, current, total });
  return total;
}

/** The fleet's rows of the period (at most PUBLISHER_DAYS), as two signatures: the settled days', today's. */
async function readFleetTotals(
  db: Db,
  from: string,
  today: string,
): Promise<{ settledTotals: string; todayTotals: string }> {
  const rows = await sqlReaderOf(db).all<Record<string, Count>>(sql`
    SELECT "day", "ok", "notModified", "error", "bytesReceived", "bytesSaved"
    FROM "FetchFleetDaily" WHERE "day" >= ${from} AND "day" <= ${today} ORDER BY "day"`);
  const signature = (picked: Record<string, Count>[]) =>
    JSON.stringify(picked.map((row) => Object.values(row).map((value) => String(value ?? 0))));
  return {
    settledTotals: signature(rows.filter((row) => row.day !== today)),
    todayTotals: signature(rows.filter((row) => row.day === today)),
  };
}

async function readSums(db: Db, where: Sql, grouped: boolean): Promise<Map<number, DaySums>> {
  // One row per source and day, so a single day needs no grouping (nor its sort).
  const columns = joinSql(
    SUMMED.map((column) => (grouped ? rawSql(`SUM("${column}") AS "${column}"`) : rawSql(`"${column}"`))),
    ", ",
  );
  const rows = await sqlReaderOf(db).all<Record<(typeof SUMMED)[number] | "sourceId", Count>>(
    sql`SELECT "sourceId", ${columns} FROM "FetchDaily" WHERE ${where} ${grouped ? rawSql(`GROUP BY "sourceId"`) : emptySql}`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.sourceId),
      Object.fromEntries(SUMMED.map((column) => [column, Number(row[column] ?? 0)])) as DaySums,
    ]),
  );
}

function addSums(a: DaySums, b: DaySums): DaySums {
  return Object.fromEntries(SUMMED.map((column) => [column, a[column] + b[column]])) as DaySums;
}
