import "server-only";
import { getDb } from "@/lib/db/client";
import { fillDays, type DayTotals } from "@/lib/reads/health/rules/fill-days";

const SUMMED = {
  ok: true,
  notModified: true,
  error: true,
  bytesReceived: true,
  bytesSaved: true,
  newArticles: true,
  durationMsSum: true,
} as const;

/**
 * Per UTC day for the last `days` days (today included, oldest first, missing days as zeros),
 * from the daily roll-ups: they survive pruning of the raw log. One source (its FetchDaily rows),
 * or the whole fleet when sourceId is null: the fleet's own roll-up, one row a day (summing every
 * source's rows cost ~300 ms on PostgreSQL at 10,000 sources), which also keeps the days of
 * sources removed since.
 */
export async function listDailyOutcomes(sourceId: number | null, now: Date, days: number): Promise<DayTotals[]> {
  const first = new Date(now.getTime() - (days - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const db = getDb();
  const rows =
    sourceId === null
      ? await db.fetchFleetDaily.findMany({ where: { day: { gte: first } }, select: { day: true, ...SUMMED } })
      : (await db.fetchDaily.groupBy({ by: ["day"], where: { day: { gte: first }, sourceId }, _sum: SUMMED })).map(
          (row) => ({ day: row.day, ...row._sum }),
        );
  return fillDays(
    rows.map((row) => ({
      day: row.day,
      ok: Number(row.ok ?? 0),
      notModified: Number(row.notModified ?? 0),
      error: Number(row.error ?? 0),
      bytesReceived: Number(row.bytesReceived ?? 0),
      bytesSaved: Number(row.bytesSaved ?? 0),
      newArticles: Number(row.newArticles ?? 0),
      durationMsSum: Number(row.durationMsSum ?? 0),
    })),
    now,
    days,
  );
}
