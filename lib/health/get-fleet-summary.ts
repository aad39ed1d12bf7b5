import "server-only";
import { getDb } from "@/lib/db/client";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Headline figures for the fleet health page. */
export async function getFleetSummary(now: Date) {
  const db = getDb();
  const [sources, enabled, fetches] = await Promise.all([
    db.source.count(),
    db.source.count({ where: { enabled: true } }),
    db.fetch.groupBy({ by: ["outcome"], _count: { _all: true }, where: { startedAt: { gte: new Date(now.getTime() - DAY_MS) } } }),
  ]);
  const byOutcome = Object.fromEntries(fetches.map((row) => [row.outcome, row._count._all]));
  return {
    sources,
    enabled,
    last24h: { ok: byOutcome.ok ?? 0, notModified: byOutcome.not_modified ?? 0, error: byOutcome.error ?? 0 },
  };
}
