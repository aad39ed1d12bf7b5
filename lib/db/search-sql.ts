// The one place that knows how each database searches text. Both search words, in any order,
// each a prefix ("fox brown" finds "the brown fox", "hard learn" finds "Learning Rust the hard
// way"), with the same syntax: every whitespace-separated word of the query is quoted text, never
// an operator. Both read the same text, "Article"."searchText" (lib/db/search-text.ts: the title
// and the content's words, never its markup), lowercased, diacritics kept, no stemming (the prefix
// match stands in for it, as feeds mix languages):
// - SQLite: FTS5 over "ArticleSearch", a contentless index kept by triggers (migrations 0016 and
//   0025_search_text say how it is built).
// - PostgreSQL: full-text search over "searchVector", a generated column with a GIN index
//   (migrations 0003_article_search and 0025_search_text).
//
// Ranked: matches come in the list's own order on both databases, newest first (oldest first
// when the view asks), ties by id, the keyset (publishedAt, id) that pages the list without
// repeats or gaps (lib/reads/articles/list-query.ts). Neither bm25 nor ts_rank orders them: a
// relevance score cannot be a stable keyset across pages, and the two engines' scores would
// order the same matches differently, so the same query gives the same articles in the same
// order on both databases (tests/integration/articles-list.test.ts).
import { sql, type Sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";

/**
 * The user's words as an FTS5 query: each a quoted string (so AND, OR, NOT, NEAR, *, ^, ( ) and
 * column filters are text), each a prefix, all required (FTS5's implicit AND). FTS5 then splits
 * each word as it split the documents ("it's" → the phrase it s*), as PostgreSQL does; a word
 * with no letters or digits adds nothing, and a query of only such words matches nothing.
 */
export function buildFts5Query(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => `"${word.replace(/"/g, '""')}"*`)
    .join(" ");
}

/**
 * The user's words as to_tsquery input: each quoted (so & | ! ( ) : * < > are text, not
 * operators), each a prefix match, all required. PostgreSQL's parser then splits each word
 * exactly as it split the documents ("100%" → 100, "it's" → it <-> s). A word with no letters
 * or digits ("%%%") adds nothing; a query of only such words matches nothing.
 */
export function buildPrefixTsquery(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`)
    .join(" & ");
}

export function buildSearchSql(q: string, provider: DatabaseTarget["provider"]): Sql {
  if (provider === "postgresql") {
    // A bound string, not a subquery: the planner folds to_tsquery of it and estimates the
    // match count from the index's statistics, choosing between the GIN index and a date walk.
    return sql`"searchVector" @@ to_tsquery('simple'::regconfig, ${buildPrefixTsquery(q)})`;
  }
  const query = buildFts5Query(q);
  // An empty query is no FTS5 syntax: it matches nothing, as an empty tsquery does.
  if (query === "") return sql`0 = 1`;
  return sql`"Article"."id" IN (SELECT rowid FROM "ArticleSearch" WHERE "ArticleSearch" MATCH ${query})`;
}
