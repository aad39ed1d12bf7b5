// The article list query, as SQL. Pure and free of `server-only`, so that scripts/bench/reader.ts
// and search.ts can run and EXPLAIN exactly what the app runs. The source's title comes from a correlated
// subquery evaluated for the returned rows only: a JOIN would let the planner start from
// "Source" and sort a million rows.
import { sql, type Sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { ArticleScope } from "@/lib/base/article-scope";
import type { ArticleCursor, BestMatchCursor, DateCursor } from "@/lib/pipeline/store/reading/cursor";
import type { DateOrder, ListOrder } from "@/lib/base/list-order";
import {
  buildKeysetCondition,
  buildKeysetOrder,
  buildOrderBy,
  buildScopeConditions,
  joinConditions,
} from "@/lib/pipeline/store/reading/scope-sql";
import { buildAnchorScoreSql, buildRankedMatchesSql, buildSearchSql } from "@/lib/db/search-sql";
import { displayTitleSql } from "@/lib/db/display-title";
import { searchesThroughIndex } from "@/lib/db/dialect";
import type { ArticleListItem } from "@/lib/reads/articles/dto";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** A list row as the database returns it: the API's item (dto.ts) with dates, before toListItem. */
export type ListRow = Pick<
  ArticleListItem,
  "id" | "sourceId" | "sourceTitle" | "title" | "url" | "author" | "snippet"
> & {
  publishedAt: Date;
  /** 1 while the reader has it unread, else null. */
  unreadMark: number | null;
  starredAt: Date | null;
  /** The highest article id, read in the same statement (one snapshot): the freshness baseline. */
  latestId: number;
  /** Best match only: the row's score, the first key of that order's cursor. */
  score?: number;
};

/** The reader's state of each row, for one user: correlated lookups by primary key. */
export function readingStateColumns(userId: number): Sql {
  return sql`(SELECT 1 FROM "UnreadArticle" WHERE "UnreadArticle"."userId" = ${userId} AND "UnreadArticle"."articleId" = "Article"."id") AS "unreadMark",
  (SELECT "starredAt" FROM "StarredArticle" WHERE "StarredArticle"."userId" = ${userId} AND "StarredArticle"."articleId" = "Article"."id") AS "starredAt"`;
}

/** The user's name of the row's source (their title, else the feed's). */
export function sourceTitleColumn(userId: number): Sql {
  return sql`(SELECT ${displayTitleSql()} FROM "Source" JOIN "Subscription" ON "Subscription"."sourceId" = "Source"."id" AND "Subscription"."userId" = ${userId}
    WHERE "Source"."id" = "Article"."sourceId") AS "sourceTitle"`;
}

export function listColumns(userId: number): Sql {
  return sql`"id", "sourceId", "title", "url", "author", "snippet", "publishedAt", ${readingStateColumns(userId)},
  ${sourceTitleColumn(userId)},
  (SELECT MAX("id") FROM "Article") AS "latestId"`;
}

export const LATEST_ARTICLE_ID_SQL = sql`SELECT MAX("id") AS "latestId" FROM "Article"`;

export type ListQueryInput = {
  /** Whose view: only their subscriptions, their reading state, their titles. */
  userId: number;
  scope: ArticleScope;
  /** Newest or oldest first, or best match (a search only); a cursor must carry the same order (the API refuses one that does not). */
  order: ListOrder;
  cursor: ArticleCursor | null;
  limit: number;
  provider: DatabaseTarget["provider"];
};

/** Runs one statement and returns its rows: the app's SQL reader, or a benchmark's client. */
export type RunSql = (sql: Sql) => Promise<ListRow[]>;

/**
 * A page of a view: one statement, or two for a search on PostgreSQL (see below). Rows are in
 * the input's order, limit + 1 of them at most: the extra one says whether there is a next page.
 */
export async function queryListRows(input: ListQueryInput, run: RunSql): Promise<ListRow[]> {
  const q = input.scope.q;
  if (input.order === "best" && q !== null) return run(buildBestMatchSql(input, q));
  const byDate = toDateOrder(input);
  if (!searchesThroughIndex(input.provider) || q === null) return run(buildListSql(byDate));
  const newest = await run(buildNewestMatchesSql(byDate, q));
  return newest.length > input.limit ? newest : run(buildAllMatchesSql(byDate));
}

/** The input of a list by date: the read path's callers never ask best match of a view without a search. */
type DateListInput = Omit<ListQueryInput, "order" | "cursor"> & { order: DateOrder; cursor: DateCursor | null };

function toDateOrder(input: ListQueryInput): DateListInput {
  if (input.order === "best" || input.cursor?.order === "best")
    throw new Error("best match orders a search: a view without one is read by date (effectiveOrder)");
  return { ...input, order: input.order, cursor: input.cursor };
}

export function buildListSql(input: DateListInput): Sql {
  return buildPageSql({
    columns: listColumns(input.userId),
    where: viewWhere(input, input.scope),
    order: buildKeysetOrder(input.limit + 1, input.order),
  });
}

/** One keyset page of "Article": the reader's list and the apps' streams (lib/features/greader) read pages alike. */
export function buildPageSql(input: { columns: Sql; where: Sql; order: Sql }): Sql {
  const { columns, where, order } = input;
  return sql`SELECT ${columns} FROM "Article" WHERE ${where} ${order}`;
}

// A search on PostgreSQL. Left to itself, the planner walks the date index and tests each row
// against the search, expecting the matches to come soon: it cannot know how rare a word is
// that its statistics do not list, and assumes 0.5% of the rows. For a word that no article has,
// that walk reads the whole table (measured: 4.5 s on 1,000,000 articles). So the page is found
// in two bounded steps instead:
// 1. the view's newest (oldest, in oldest-first order) NEWEST_ROWS_TESTED articles, tested in date
//    order: a complete page for any word in a few percent of the articles (the first matches
//    overall are among them);
// 2. otherwise every match, found through the GIN index, sorted, and the page read by id.

/** How many of a view's newest articles step 1 tests before step 2 asks the index. */
export const NEWEST_ROWS_TESTED = 2000;

function buildNewestMatchesSql(input: DateListInput, q: string): Sql {
  const view = viewWhere(input, { ...input.scope, q: null });
  // Aliased "Article" so that the list's correlated subqueries read the source and state of these rows.
  return sql`SELECT ${listColumns(input.userId)} FROM (
    SELECT * FROM "Article" WHERE ${view} ${buildKeysetOrder(NEWEST_ROWS_TESTED, input.order)}
  ) AS "Article" WHERE ${buildSearchSql(q, input.provider)} ${buildKeysetOrder(input.limit + 1, input.order)}`;
}

function buildAllMatchesSql(input: DateListInput): Sql {
  const where = viewWhere(input, input.scope);
  // OFFSET 0 keeps the planner from merging "matches" into the sorted query, where it could walk
  // the date index again: planned alone, with no order to keep, it finds matches by the index.
  return sql`SELECT ${listColumns(input.userId)} FROM "Article" WHERE "id" IN (
      SELECT "id" FROM (SELECT "id", "publishedAt" FROM "Article" WHERE ${where} OFFSET 0) AS "matches" ${buildKeysetOrder(input.limit + 1, input.order)}
    ) ${buildOrderBy(input.order)}`;
}

// Best match: every match of the view scored (lib/db/search-sql.ts says how, and why both
// databases order alike), the page after the cursor taken by (score, publishedAt, id), highest
// first, then its rows read by id. Ranking has to score every match before it can sort them, so a
// word in many articles costs more than in date order (scripts/bench/search.ts measures it).
// The cursor's score is the one its article has now when it still matches: FTS5's bm25 moves as
// articles arrive, and a page must start right after that article, not at its old score.
export function buildBestMatchSql(input: ListQueryInput, q: string | null = input.scope.q): Sql {
  if (q === null) throw new Error("best match orders a search");
  const view = joinConditions(buildScopeConditions({ ...input.scope, q: null }, input.userId, input.provider));
  const ranked = buildRankedMatchesSql(q, input.provider, view);
  const after = input.cursor?.order === "best" ? bestMatchKeyset(input.cursor, q, input.provider) : sql`1 = 1`;
  const order = sql`ORDER BY "score" DESC, "rankedAt" DESC, "rankedId" DESC`;
  return sql`SELECT ${listColumns(input.userId)}, "page"."score" FROM (
      SELECT * FROM (${ranked}) AS "ranked" WHERE ${after} ${order} LIMIT ${input.limit + 1}
    ) AS "page" JOIN "Article" ON "Article"."id" = "page"."rankedId" ${order}`;
}

function bestMatchKeyset(cursor: BestMatchCursor, q: string, provider: DatabaseTarget["provider"]): Sql {
  const score = sql`COALESCE(${buildAnchorScoreSql(q, provider, cursor.id)}, ${cursor.score})`;
  return sql`("score", "rankedAt", "rankedId") < (${score}, ${cursor.publishedAt}, ${cursor.id})`;
}

/** The rows of `scope` after the input's cursor. */
function viewWhere(input: DateListInput, scope: ArticleScope): Sql {
  return joinConditions([
    ...buildScopeConditions(scope, input.userId, input.provider),
    ...buildKeysetCondition(input.cursor),
  ]);
}
