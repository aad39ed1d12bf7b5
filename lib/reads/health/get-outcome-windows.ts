import "server-only";
import { rawSql, sql } from "@/lib/db/sql";
import { FEED_ONLY_SQL } from "@/lib/base/fetch-kinds";
import { getDb, sqlReaderOf } from "@/lib/db/client";
import { computeOutcomeShares, type OutcomeShares } from "@/lib/reads/health/rules/compute-outcome-shares";

const HOUR_MS = 60 * 60 * 1000;
export const OUTCOME_WINDOWS = [
  { key: "h24", label: "24 h", ms: 24 * HOUR_MS },
  { key: "d7", label: "7 d", ms: 7 * 24 * HOUR_MS },
  { key: "d30", label: "30 d", ms: 30 * 24 * HOUR_MS },
] as const;
export type OutcomeWindowKey = (typeof OUTCOME_WINDOWS)[number]["key"];

type Row = {
  outcome: string;
  h24: number | bigint | string;
  d7: number | bigint | string;
  d30: number | bigint | string;
};

/**
 * Share of ok / not_modified / error over the last 24 h, 7 d and 30 d, from the raw fetch rows
 * (exact windows; pruning keeps FETCH_LOG_DAYS, 31, of them): one range scan of the source's
 * (sourceId, startedAt) index, counted three ways.
 */
export async function getOutcomeWindows(sourceId: number, now: Date): Promise<Record<OutcomeWindowKey, OutcomeShares>> {
  const [h24, d7, d30] = OUTCOME_WINDOWS.map((window) => new Date(now.getTime() - window.ms));
  const rows = await sqlReaderOf(getDb()).all<Row>(sql`
    SELECT "outcome",
      SUM(CASE WHEN "startedAt" >= ${h24} THEN 1 ELSE 0 END) AS "h24",
      SUM(CASE WHEN "startedAt" >= ${d7} THEN 1 ELSE 0 END) AS "d7",
      COUNT(*) AS "d30"
    FROM "Fetch" WHERE "sourceId" = ${sourceId} AND ${rawSql(FEED_ONLY_SQL)} AND "startedAt" >= ${d30}
    GROUP BY "outcome"`);
  const shares = (key: OutcomeWindowKey) => {
    const count = (outcome: string) => Number(rows.find((row) => row.outcome === outcome)?.[key] ?? 0);
    return computeOutcomeShares({ ok: count("ok"), notModified: count("not_modified"), error: count("error") });
  };
  return { h24: shares("h24"), d7: shares("d7"), d30: shares("d30") };
}
