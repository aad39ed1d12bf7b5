// The one place that knows how each database searches text.
// - SQLite: LIKE substring matching (case-insensitive for ASCII). Prisma's `contains` would not
//   do: it leaves % and _ in the user's text as wildcards.
// - PostgreSQL: full-text search over "searchVector", a generated column with a GIN index
//   (migration 0003_article_search says how it is built and why). Words, not substrings: every
//   word of the query must start a word of the title or the text, in any order ("hard learn"
//   finds "Learning RUST the hard way"). The prefix match stands in for stemming, which the
//   language-neutral 'simple' configuration does not do. Markup is not text: the parser drops
//   tags, so "href" or a link's address finds nothing.
import { sql, type Sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";

/** "100%" must find "100%", not "1000": the user's % and _ are escaped, with \ as the escape. */
export function buildLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
  const pattern = buildLikePattern(q);
  return sql`("title" LIKE ${pattern} ESCAPE '\\' OR "content" LIKE ${pattern} ESCAPE '\\')`;
}
