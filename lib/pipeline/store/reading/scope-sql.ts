// An ArticleScope as SQL conditions on "Article", parameters bound, for one user. Pure: the list,
// the freshness count (lib/reads/articles), "mark all read" (lib/pipeline/store/reading/article-state)
// and the apps' streams all build their WHERE from here, so "mark all read" marks exactly what the
// reader was looking at, and no view ever reaches past the user's own subscriptions (issue 25).
import { sql, joinSql, type Sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { ArticleScope } from "@/lib/base/article-scope";
import type { DateCursor } from "@/lib/pipeline/store/reading/cursor";
import type { DateOrder } from "@/lib/base/list-order";
import { buildSearchSql } from "@/lib/db/search-sql";

export function buildScopeConditions(scope: ArticleScope, userId: number, provider: DatabaseTarget["provider"]): Sql[] {
  const conditions: Sql[] = [subscribedSourcesSql(userId)];
  if (scope.sourceId !== null) conditions.push(sql`"sourceId" = ${scope.sourceId}`);
  if (scope.folderId !== null) {
    conditions.push(
      sql`"sourceId" IN (SELECT "sourceId" FROM "Subscription" WHERE "userId" = ${userId} AND "folderId" = ${scope.folderId})`,
    );
  }
  if (scope.unread) conditions.push(sql`"id" IN (SELECT "articleId" FROM "UnreadArticle" WHERE "userId" = ${userId})`);
  if (scope.starred)
    conditions.push(sql`"id" IN (SELECT "articleId" FROM "StarredArticle" WHERE "userId" = ${userId})`);
  if (scope.q !== null) conditions.push(buildSearchSql(scope.q, provider));
  return conditions;
}

/** The articles of the sources this user follows: every view starts inside them. */
export function subscribedSourcesSql(userId: number): Sql {
  return sql`"sourceId" IN (SELECT "sourceId" FROM "Subscription" WHERE "userId" = ${userId})`;
}

/** Rows strictly after the cursor in its order (publishedAt, id, descending or ascending): a row-value range both planners seek to. */
export function buildKeysetCondition(cursor: DateCursor | null): Sql[] {
  if (cursor === null) return [];
  return cursor.order === "oldest"
    ? [sql`("publishedAt", "id") > (${cursor.publishedAt}, ${cursor.id})`]
    : [sql`("publishedAt", "id") < (${cursor.publishedAt}, ${cursor.id})`];
}

// Both directions walk the same (publishedAt, id) index, forwards or backwards.
export function buildOrderBy(order: DateOrder): Sql {
  return order === "oldest" ? sql`ORDER BY "publishedAt" ASC, "id" ASC` : sql`ORDER BY "publishedAt" DESC, "id" DESC`;
}

/** The keyset's ORDER BY and LIMIT. */
export function buildKeysetOrder(limit: number, order: DateOrder): Sql {
  return sql`${buildOrderBy(order)} LIMIT ${limit}`;
}

export function joinConditions(conditions: Sql[]): Sql {
  return conditions.length === 0 ? sql`1 = 1` : joinSql(conditions, " AND ");
}
