import "server-only";
// Each source's roll-up sums over the publishers' period (FetchDaily, PUBLISHER_DAYS days up to
// today). Summing 300,000 roll-up rows (10,000 sources × 30 days) cost about 160 ms of CPU on every
// /health request; the days before today barely change, so their sums are kept per database and
// only today's rows (one per source) are read each time. The kept sums are checked on every read
// against the fleet's totals of those days (FetchFleetDaily: one row a day, written with every
// fetch, so any fetch recorded on those days (one just after midnight, a test's own clock) changes
// them and the sums are read again). Checking against FetchDaily itself scanned its 300,000 index
// entries on each request (~250 ms of CPU at 10,000 sources on SQLite). A removed source's rows
// leave FetchDaily but not the fleet's totals: its kept sums stay until the next change, and the
// caller keeps only the sources that exist.
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

type Kept = { from: string; today: string; totals: string; sums: Map<number, DaySums> };
type Count = number | bigint | string | null;

/**
 * Per source, the sums from day `from` through `today` (UTC 'YYYY-MM-DD'), today's rows read now.
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
  const [settled, current] = await Promise.all([
    settledSums(db, from, today),
    readSums(db, sql`"day" = ${today}`, false),
  ]);
  const total = new Map(settled);
  for (const [sourceId, sums] of current) {
    const before = total.get(sourceId);
    total.set(sourceId, before ? addSums(before, sums) : sums);
  }
  return total;
}

async function settledSums(db: Db, from: string, today: string): Promise<Map<number, DaySums>> {
  const kept = remember("publisher-settled-sums", () => new WeakMap<Db, Kept>());
  const [row] = await sqlReaderOf(db).all<Record<string, Count>>(sql`
    SELECT COUNT(*) AS "n", SUM("ok") AS "ok", SUM("notModified") AS "notModified", SUM("error") AS "error",
      SUM("bytesReceived") AS "bytesReceived", SUM("bytesSaved") AS "bytesSaved"
    FROM "FetchFleetDaily" WHERE "day" >= ${from} AND "day" < ${today}`);
  const totals = JSON.stringify(Object.values(row ?? {}).map((value) => String(value ?? 0)));
  const entry = kept.get(db);
  if (entry && entry.from === from && entry.today === today && entry.totals === totals) return entry.sums;
  const sums = await readSums(db, sql`"day" >= ${from} AND "day" < ${today}`, true);
  kept.set(db, { from, today, totals, sums });
  return sums;
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
