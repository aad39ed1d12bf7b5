import "server-only";
import { FEED_ONLY_SQL } from "@/lib/base/fetch-kinds";
import { getDb } from "@/lib/db/client";
import { providerOf } from "@/lib/db/client";
import { orderedConcatFunction } from "@/lib/db/dialect";

/**
 * The last `perSource` outcomes of every source as one short code per source, newest first
 * ("o" ok, "n" not modified, "e" error, "p" push), for the sources page's compact strips. One query that
 * walks the (sourceId, startedAt) index once per source (a correlated LIMIT) and aggregates in the
 * database: 1,000 short strings come back instead of 20,000 rows, and no window over the whole log.
 */
export async function listRecentOutcomes(
  perSource: number,
  sourceIds?: readonly number[],
): Promise<Map<number, string>> {
  const limit = Math.max(1, Math.min(100, Math.floor(perSource)));
  const code = `CASE "outcome" WHEN 'ok' THEN 'o' WHEN 'not_modified' THEN 'n' WHEN 'push' THEN 'p' ELSE 'e' END`;
  const db = getDb();
  if (sourceIds?.length === 0) return new Map();
  // Only the sources a page shows (ids are integers from the database, never text from a request).
  const only = sourceIds ? `WHERE s."id" IN (${sourceIds.map((id) => Math.trunc(id)).join(", ")})` : "";
  const sql = `SELECT s."id" AS "sourceId", (
      SELECT ${orderedConcatFunction(providerOf(db))}(f."code", '' ORDER BY f."startedAt" DESC, f."id" DESC) FROM (
        SELECT ${code} AS "code", "startedAt", "id" FROM "Fetch" WHERE "sourceId" = s."id" AND ${FEED_ONLY_SQL}
        ORDER BY "startedAt" DESC, "id" DESC LIMIT ${limit}) f) AS "code"
    FROM "Source" s ${only}`;
  const rows = await db.$queryRawUnsafe<Array<{ sourceId: number | bigint; code: string | null }>>(sql);
  return new Map(rows.filter((row) => row.code).map((row) => [Number(row.sourceId), row.code!]));
}
