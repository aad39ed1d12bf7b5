// The article list query, as SQL. Pure and free of `server-only`, so that scripts/bench/reader.ts
// can run and EXPLAIN exactly what the app runs. The source's title comes from a correlated
// subquery evaluated for the returned rows only: a JOIN would let the planner start from
// "Source" and sort a million rows.
import { Prisma } from "@/lib/generated/sqlite";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { ArticleScope } from "@/lib/articles/article-scope";
import type { ArticleCursor } from "@/lib/articles/cursor";
import { buildKeysetCondition, buildScopeConditions, joinConditions } from "@/lib/articles/scope-sql";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export type ListRow = {
  id: number;
  sourceId: number;
  sourceTitle: string;
  title: string;
  url: string | null;
  author: string | null;
  snippet: string | null;
  publishedAt: Date;
  readAt: Date | null;
  starredAt: Date | null;
  /** The highest article id, read in the same statement (one snapshot): the freshness baseline. */
  latestId: number;
};

export const LIST_COLUMNS = Prisma.sql`"id", "sourceId", "title", "url", "author", "snippet", "publishedAt", "readAt", "starredAt",
  (SELECT COALESCE("customTitle", "title") FROM "Source" WHERE "Source"."id" = "Article"."sourceId") AS "sourceTitle",
  (SELECT MAX("id") FROM "Article") AS "latestId"`;

export const LATEST_ARTICLE_ID_SQL = Prisma.sql`SELECT MAX("id") AS "latestId" FROM "Article"`;

export function buildListSql(input: {
  scope: ArticleScope;
  cursor: ArticleCursor | null;
  limit: number;
  provider: DatabaseTarget["provider"];
}): Prisma.Sql {
  const where = joinConditions([...buildScopeConditions(input.scope, input.provider), ...buildKeysetCondition(input.cursor)]);
  const order = Prisma.sql`ORDER BY "publishedAt" DESC, "id" DESC LIMIT ${input.limit + 1}`;
  // One more row than asked: its presence says whether there is a next page.
  if (input.scope.starred && input.provider === "sqlite") {
    // Starred articles are few, but without statistics (no ANALYZE on a fresh install) SQLite
    // would walk the (publishedAt, id) index to avoid a sort, reading every article to find
    // fifty starred ones. Instead: sort the starred ids found through their own (covering)
    // index, then read only the rows of the page. PostgreSQL's planner has statistics.
    return Prisma.sql`SELECT ${LIST_COLUMNS} FROM "Article" WHERE "id" IN (
      SELECT "id" FROM "Article" INDEXED BY "Article_starredAt_publishedAt_id_idx" WHERE ${where} ${order}
    ) ${order}`;
  }
  return Prisma.sql`SELECT ${LIST_COLUMNS} FROM "Article" WHERE ${where} ${order}`;
}
