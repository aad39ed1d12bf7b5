import "server-only";
// What a source's pages and icon cost its publisher over a period: requests and bytes of the fetch
// log's rows besides the feed's (kind page | icon), per source. Counted beside the feed's daily
// roll-ups (FetchDaily, the feed's own) on the health pages, so costs count every kind. One
// grouped read through migration 0031's partial index: the feed rows of the month are never walked.
import { getDb, providerOf, sqlReaderOf } from "@/lib/db/client";
import { plansWithoutStatistics } from "@/lib/db/dialect";
import { sql, joinSql, emptySql, rawSql } from "@/lib/db/sql";
import { BESIDE_FEED_SQL } from "@/lib/base/fetch-kinds";

export type PageCost = { sourceId: number; requests: number; bytes: number; notModified: number; errors: number };

type Count = number | bigint | string | null;

export async function listPageCosts(input: { since: Date; sourceIds?: number[] }): Promise<PageCost[]> {
  if (input.sourceIds?.length === 0) return [];
  const db = getDb();
  // The whole fleet's: SQLite, with or without statistics, would skip-scan the (sourceId, startedAt)
  // index and read every row of the month to test its kind (15 s at 5,000,000 rows); PostgreSQL's
  // planner picks the partial index itself. A few sources' rows are found by that index instead.
  const indexed =
    !input.sourceIds && plansWithoutStatistics(providerOf(db))
      ? rawSql(`INDEXED BY "Fetch_besideFeed_costs_idx"`)
      : emptySql;
  const rows = await sqlReaderOf(db).all<{
    sourceId: number;
    requests: Count;
    bytes: Count;
    notModified: Count;
    errors: Count;
  }>(sql`
    SELECT "sourceId", COUNT(*) AS "requests", SUM("bytesReceived") AS "bytes",
      SUM(CASE WHEN "outcome" = 'not_modified' THEN 1 ELSE 0 END) AS "notModified",
      SUM(CASE WHEN "outcome" = 'error' THEN 1 ELSE 0 END) AS "errors"
    FROM "Fetch" ${indexed} WHERE ${rawSql(BESIDE_FEED_SQL)} AND "startedAt" >= ${input.since}
    ${input.sourceIds ? sql`AND "sourceId" IN (${joinSql(input.sourceIds)})` : emptySql}
    GROUP BY "sourceId"`);
  return rows.map((row) => ({
    sourceId: Number(row.sourceId),
    requests: Number(row.requests ?? 0),
    bytes: Number(row.bytes ?? 0),
    notModified: Number(row.notModified ?? 0),
    errors: Number(row.errors ?? 0),
  }));
}
