import "server-only";
import { sql } from "@/lib/db/sql";
import { getDb, getSqlReader } from "@/lib/db/client";
import { providerOf } from "@/lib/db/client";
import type { ArticleScope } from "@/lib/base/article-scope";
import type { NewArticles } from "@/lib/reads/articles/dto";
import { buildScopeConditions, joinConditions } from "@/lib/pipeline/store/reading/scope-sql";
import { getLatestArticleId } from "@/lib/reads/articles/get-latest-article-id";

/**
 * Articles of a view that arrived after `sinceId` (ids only grow). Cheap enough to poll: the
 * primary key range `id > sinceId` holds only what the last rounds brought.
 */
export async function countNewArticlesSince(input: {
  userId: number;
  scope: ArticleScope;
  sinceId: number;
}): Promise<NewArticles> {
  const latestId = await getLatestArticleId();
  if (latestId <= input.sinceId) return { count: 0, latestId };
  const provider = providerOf(getDb());
  const where = joinConditions([
    sql`"id" > ${input.sinceId}`,
    ...buildScopeConditions(input.scope, input.userId, provider),
  ]);
  const [row] = await getSqlReader().all<{ count: number | bigint }>(
    sql`SELECT CAST(COUNT(*) AS INTEGER) AS "count" FROM "Article" WHERE ${where}`,
  );
  return { count: Number(row?.count ?? 0), latestId };
}
