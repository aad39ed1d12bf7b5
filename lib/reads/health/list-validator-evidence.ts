import "server-only";
import { FEED_ONLY } from "@/lib/base/fetch-kinds";
import { getDb } from "@/lib/db/client";
import { sumCachingEvidence, type CachingEvidence } from "@/lib/pipeline/store/fetch/caching-evidence";

/**
 * What one source's latest answered fetches say about conditional requests (the source page's
 * badges). The publisher view's 30 days come from the FetchDaily roll-ups instead
 * (lib/reads/health/list-publishers.ts), counted by the same rule as each fetch was stored.
 */
export async function listValidatorEvidence(scope: {
  sourceId: number;
  latest: number;
}): Promise<Map<number, CachingEvidence>> {
  const newestFirst = await getDb().fetch.findMany({
    // The feed's validators only: a page's or an icon's belong to other resources.
    where: { sourceId: scope.sourceId, outcome: { in: ["ok", "not_modified"] }, ...FEED_ONLY },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: scope.latest,
    select: { outcome: true, conditional: true, bodyUnchanged: true, etagReceived: true },
  });
  if (newestFirst.length === 0) return new Map();
  return new Map([[scope.sourceId, sumCachingEvidence(newestFirst.reverse())]]);
}
