import "server-only";
import { getDb } from "@/lib/db/client";
import { fillDays, type DayTotals } from "@/lib/reads/health/rules/fill-days";

/**
 * Per UTC day for the last `days` days (today included, oldest first, missing days as zeros),
 * from the FetchDaily roll-ups: they survive pruning of the raw log. One source, or the whole
 * fleet when sourceId is null.
 */
export async function listDailyOutcomes(sourceId: number | null, now: Date, days: number): Promise<DayTotals[]> {
  const first = new Date(now.getTime() - (days - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const rows = await getDb().fetchDaily.groupBy({
    by: ["day"],
    where: { day: { gte: first }, ...(sourceId === null ? {} : { sourceId }) },
    _sum: {
      ok: true,
      notModified: true,
      error: true,
      bytesReceived: true,
      bytesSaved: true,
      newArticles: true,
      durationMsSum: true,
    },
  });
  return fillDays(
    rows.map((row) => ({
      day: row.day,
      ok: row._sum.ok ?? 0,
      notModified: row._sum.notModified ?? 0,
      error: row._sum.error ?? 0,
      bytesReceived: row._sum.bytesReceived ?? 0,
      bytesSaved: row._sum.bytesSaved ?? 0,
      newArticles: row._sum.newArticles ?? 0,
      durationMsSum: row._sum.durationMsSum ?? 0,
    })),
    now,
    days,
  );
}
