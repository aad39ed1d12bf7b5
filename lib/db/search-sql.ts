// The one place that knows how each database searches text. Both search words, in any order,
// each a prefix ("fox brown" finds "the brown fox", "hard learn" finds "Learning Rust the hard
// way"), with the same syntax: every whitespace-separated word of the query is quoted text, never
// an operator.
// - SQLite: FTS5 over "ArticleSearch", a contentless index kept by triggers (the hand-written
//   part of migration 0016 says how it is built and where it differs).
// - PostgreSQL: full-text search over "searchVector", a generated column with a GIN index
//   (migration 0003_article_search says how it is built and why). Words, not substrings: every
//   word of the query must start a word of the title or the text, in any order ("hard learn"
//   finds "Learning RUST the hard way"). The prefix match stands in for stemming, which the
//   language-neutral 'simple' configuration does not do. Markup is not text: the parser drops
//   tags, so "href" or a link's address finds nothing.
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
