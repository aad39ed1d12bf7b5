// An ArticleScope as SQL conditions on "Article", parameters bound. Pure: the list, the
// freshness count (lib/articles) and "mark all read" (lib/store/article-state) all build their
// WHERE from here, so "mark all read" marks exactly what the reader was looking at.
import { Prisma } from "@/lib/generated/sqlite";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { ArticleScope } from "@/lib/articles/article-scope";
import type { ArticleCursor } from "@/lib/articles/cursor";
import { buildSearchSql } from "@/lib/articles/search-sql";

export function buildScopeConditions(scope: ArticleScope, provider: DatabaseTarget["provider"]): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (scope.sourceId !== null) conditions.push(Prisma.sql`"sourceId" = ${scope.sourceId}`);
  if (scope.folderId !== null) {
    conditions.push(Prisma.sql`"sourceId" IN (SELECT "id" FROM "Source" WHERE "folderId" = ${scope.folderId})`);
  }
  if (scope.unread) conditions.push(Prisma.sql`"readAt" IS NULL`);
  if (scope.starred) conditions.push(Prisma.sql`"starredAt" IS NOT NULL`);
  if (scope.q !== null) conditions.push(buildSearchSql(scope.q, provider));
  return conditions;
}

/** Newest first (the reader) or oldest first (apps may ask for either). */
export type KeysetOrder = "newest" | "oldest";

/** Rows strictly after the cursor in (publishedAt, id) order: a row-value range both planners seek to. */
export function buildKeysetCondition(cursor: ArticleCursor | null, order: KeysetOrder = "newest"): Prisma.Sql[] {
  if (cursor === null) return [];
  return order === "newest"
    ? [Prisma.sql`("publishedAt", "id") < (${cursor.publishedAt}, ${cursor.id})`]
    : [Prisma.sql`("publishedAt", "id") > (${cursor.publishedAt}, ${cursor.id})`];
}

/** The keyset's ORDER BY and LIMIT. */
export function buildKeysetOrder(limit: number, order: KeysetOrder = "newest"): Prisma.Sql {
  return order === "newest"
    ? Prisma.sql`ORDER BY "publishedAt" DESC, "id" DESC LIMIT ${limit}`
    : Prisma.sql`ORDER BY "publishedAt" ASC, "id" ASC LIMIT ${limit}`;
}

export function joinConditions(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.sql`1 = 1` : Prisma.join(conditions, " AND ");
}
