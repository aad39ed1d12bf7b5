// An ArticleScope as SQL conditions on "Article", parameters bound. Pure: the list, the
// freshness count (lib/articles) and "mark all read" (lib/store/article-state) all build their
// WHERE from here, so "mark all read" marks exactly what the reader was looking at.
import { Prisma } from "@/lib/generated/sqlite";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { ArticleScope } from "@/lib/articles/article-scope";
import type { ArticleCursor } from "@/lib/articles/cursor";
import type { ListOrder } from "@/lib/articles/list-order";
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

/** Rows strictly after the cursor in its order (publishedAt, id, descending or ascending): a row-value range both planners seek to. */
export function buildKeysetCondition(cursor: ArticleCursor | null): Prisma.Sql[] {
  if (cursor === null) return [];
  return cursor.order === "oldest"
    ? [Prisma.sql`("publishedAt", "id") > (${cursor.publishedAt}, ${cursor.id})`]
    : [Prisma.sql`("publishedAt", "id") < (${cursor.publishedAt}, ${cursor.id})`];
}

// Both directions walk the same (publishedAt, id) index, forwards or backwards.
export function buildOrderBy(order: ListOrder): Prisma.Sql {
  return order === "oldest"
    ? Prisma.sql`ORDER BY "publishedAt" ASC, "id" ASC`
    : Prisma.sql`ORDER BY "publishedAt" DESC, "id" DESC`;
}

/** The keyset's ORDER BY and LIMIT. */
export function buildKeysetOrder(limit: number, order: ListOrder): Prisma.Sql {
  return Prisma.sql`${buildOrderBy(order)} LIMIT ${limit}`;
}

export function joinConditions(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.sql`1 = 1` : Prisma.join(conditions, " AND ");
}
