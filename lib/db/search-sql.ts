// The one place that knows how each database searches text. Both search words, in any order,
// each a prefix ("fox brown" finds "the brown fox", "hard learn" finds "Learning Rust the hard
// way"), with the same syntax: every whitespace-separated word of the query is quoted text, never
// an operator. Both read the same text, "Article"."searchText" (lib/db/search-text.ts: the title
// and the content's words, never its markup), lowercased, diacritics kept, no stemming (the prefix
// match stands in for it, as feeds mix languages):
// - SQLite: FTS5 over "ArticleSearch", a contentless index kept by triggers, the title a column
//   of its own beside the text (migrations 0016, 0025_search_text and 0034_search_title_weight).
// - PostgreSQL: full-text search over "searchVector", a generated column with a GIN index, the
//   title's words weighted 'A' (migrations 0003_article_search, 0025_search_text and 0034).
//
// Two orders (lib/base/list-order.ts): by date, the list's own keyset (publishedAt, id), the same
// on both databases; or by best match, the keyset (score, publishedAt, id) built below.
//
// Best match. Each database has its own relevance function, and they disagree by design:
// - FTS5's bm25 weighs each word by its rarity in the whole index (IDF; a word in more than half
//   the articles gets a floor of 1e-6, so only repeats and length order them), saturates a word's
//   repeats (k1 = 1.2) and normalizes by the article's length against the average (b = 0.75).
//   Column weights scale a column's hits: the title counts TITLE_WEIGHT times the body.
// - PostgreSQL's ts_rank knows no rarity and no average: it sums, per word, the weight of each
//   occurrence (title 'A' = 1, body 'D' = 1 / TITLE_WEIGHT), later repeats counting less and
//   less (a sum of 1/j²), divided by the number of words; normalization 1 divides by the log of
//   the article's length. (Given an AND query it scores the words' proximity instead, so it is
//   given the OR of the words: the match itself is still the AND.)
// So the raw scores neither compare nor order alike: a rare word in one article's body against
// a common one in another's, or an index that grows between two pages (bm25's IDF moves with
// every article added; ts_rank depends on the article alone). What matters to a reader is put
// first, counted exactly alike on both: the score's whole part is how many of the query's words
// are in the title (FTS5: a column filter; PostgreSQL: the words weighted 'A'), so an article
// titled with the words comes before one that mentions them, and more of them before fewer. The
// engine's relevance only orders within that, squashed into [0, 1) (1 - 1 / (1 + r)): more
// repeats and shorter articles first on both, ties by date. Where the two engines could still
// differ (IDF within one title count) the tests' corpus says what agrees
// (tests/integration/articles-list.test.ts, the same pages on both databases). Because bm25's
// value drifts as the index grows, the page after a cursor starts at the cursor's article's score
// as it is now (buildAnchorScoreSql), not as it was: a word's rarity, moved by articles arriving
// between two pages, scales every score alike, and the page then neither repeats nor skips an
// article. Left: the average length moves too, and with several words each word's rarity apart,
// so two body-only matches of one title count whose scores lie within that small drift of the
// cursor's article could swap sides of it (never on PostgreSQL, never across title counts).
import { joinSql, rawSql, sql, type Sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";

/** A word in the title weighs this many words in the body: FTS5's column weight, ts_rank's 'A' against 'D'. */
const TITLE_WEIGHT = 10;

/** The user's words, split on white space: each is text, never an operator, on both databases. */
function queryWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== "");
}

/** A word of no letter or digit adds nothing to a match; it adds nothing to the title count either. */
function countsInTitle(word: string): boolean {
  return /[\p{L}\p{N}]/u.test(word);
}

const fts5Phrase = (word: string) => `"${word.replace(/"/g, '""')}"*`;
const tsqueryPrefix = (word: string, weights = "") =>
  `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*${weights}`;

/**
 * The user's words as an FTS5 query: each a quoted string (so AND, OR, NOT, NEAR, *, ^, ( ) and
 * column filters are text), each a prefix, all required (FTS5's implicit AND). FTS5 then splits
 * each word as it split the documents ("it's" → the phrase it s*), as PostgreSQL does; a word
 * with no letters or digits adds nothing, and a query of only such words matches nothing.
 */
export function buildFts5Query(text: string): string {
  return queryWords(text).map(fts5Phrase).join(" ");
}

/**
 * The user's words as to_tsquery input: each quoted (so & | ! ( ) : * < > are text, not
 * operators), each a prefix match, all required. PostgreSQL's parser then splits each word
 * exactly as it split the documents ("100%" → 100, "it's" → it <-> s). A word with no letters
 * or digits ("%%%") adds nothing; a query of only such words matches nothing.
 */
export function buildPrefixTsquery(text: string): string {
  return queryWords(text)
    .map((word) => tsqueryPrefix(word))
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

/**
 * Every match of `q` among the rows of `view` (conditions on "Article", the search left out), as
 * ("rankedId", "rankedAt", "score"): the article's id and publishedAt and its best-match score.
 */
export function buildRankedMatchesSql(q: string, provider: DatabaseTarget["provider"], view: Sql): Sql {
  if (provider === "postgresql") {
    return sql`SELECT "id" AS "rankedId", "publishedAt" AS "rankedAt", ${postgresScoreSql(q)} AS "score"
      FROM "Article" WHERE ${view} AND ${buildSearchSql(q, provider)}`;
  }
  const query = buildFts5Query(q);
  if (query === "")
    return sql`SELECT "id" AS "rankedId", "publishedAt" AS "rankedAt", 0 AS "score" FROM "Article" WHERE 0 = 1`;
  return sql`SELECT "Article"."id" AS "rankedId", "Article"."publishedAt" AS "rankedAt", "matches"."score" AS "score"
    FROM (SELECT rowid AS "matchId", ${sqliteScoreSql(q)} AS "score" FROM "ArticleSearch" WHERE "ArticleSearch" MATCH ${query}) AS "matches"
    JOIN "Article" ON "Article"."id" = "matches"."matchId" WHERE ${view}`;
}

/** The best-match score of one article for `q` as it is now, NULL when it no longer matches. */
export function buildAnchorScoreSql(q: string, provider: DatabaseTarget["provider"], articleId: number): Sql {
  if (provider === "postgresql") {
    return sql`(SELECT ${postgresScoreSql(q)} FROM "Article" WHERE "id" = ${articleId} AND ${buildSearchSql(q, provider)})`;
  }
  const query = buildFts5Query(q);
  if (query === "") return sql`NULL`;
  // CAST: better-sqlite3 binds a JS number as a REAL, and FTS5 ignores a rowid it is given as a
  // REAL, answering every match (measured on SQLite 3.53: `rowid = ?` with 3 found rows 1 to 4).
  return sql`(SELECT ${sqliteScoreSql(q)} FROM "ArticleSearch" WHERE "ArticleSearch" MATCH ${query} AND rowid = CAST(${articleId} AS INTEGER))`;
}

/** Over "ArticleSearch" in a MATCH query: the words in the title, plus bm25 (negative, lower is better) squashed. */
function sqliteScoreSql(q: string): Sql {
  const inTitle = queryWords(q)
    .filter(countsInTitle)
    .map(
      (word) =>
        sql`(rowid IN (SELECT rowid FROM "ArticleSearch" WHERE "ArticleSearch" MATCH ${`"title" : ${fts5Phrase(word)}`}))`,
    );
  const bm25 = rawSql(`bm25("ArticleSearch", ${TITLE_WEIGHT}.0, 1.0)`);
  return sql`${joinSql([...inTitle, sql`0`], " + ")} + (1.0 - 1.0 / (1.0 - ${bm25}))`;
}

/** Over an "Article" row: the words weighted 'A' (the title), plus ts_rank squashed, as float8 so that a cursor carries it exactly. */
function postgresScoreSql(q: string): Sql {
  const words = queryWords(q);
  const inTitle = words
    .filter(countsInTitle)
    .map((word) => sql`("searchVector" @@ to_tsquery('simple'::regconfig, ${tsqueryPrefix(word, "A")}))::int`);
  const anyWord = words.map((word) => tsqueryPrefix(word)).join(" | ");
  const weights = rawSql(`'{${1 / TITLE_WEIGHT}, ${1 / TITLE_WEIGHT}, ${1 / TITLE_WEIGHT}, 1}'::float4[]`);
  const rank = sql`ts_rank(${weights}, "searchVector", to_tsquery('simple'::regconfig, ${anyWord}), 1)::float8`;
  return sql`(${joinSql([...inTitle, sql`0`], " + ")} + (1.0 - 1.0 / (1.0 + ${rank})))::float8`;
}
