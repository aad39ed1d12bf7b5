// What differs between the two databases, named by what it is for: code outside lib/db asks for
// an expression or a trait here and never tests which database it runs on. (Text search, the
// largest difference, has a file of its own: search-sql.ts.)
import { rawSql, sql, type Sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";

export type Provider = DatabaseTarget["provider"];

/** The UTC day ('YYYY-MM-DD') of a timestamp column: SQLite stores ISO text, PostgreSQL timestamps. */
export function utcDaySql(provider: Provider, column: string): Sql {
  return rawSql(provider === "postgresql" ? `to_char("${column}", 'YYYY-MM-DD')` : `substr("${column}", 1, 10)`);
}

/** The aggregate that joins strings in a given order: string_agg, or SQLite's group_concat. */
export function orderedConcatFunction(provider: Provider): "string_agg" | "group_concat" {
  return provider === "postgresql" ? "string_agg" : "group_concat";
}

/**
 * SQLite plans without statistics (a fresh install never ran ANALYZE), so a query whose best index
 * is not the obvious one must name it; PostgreSQL's planner has statistics and chooses itself.
 */
export function plansWithoutStatistics(provider: Provider): boolean {
  return provider === "sqlite";
}

/**
 * PostgreSQL searches through a full-text index whose matches can be rare or everywhere, so a
 * search page takes a bounded two-step plan (lib/reads/articles/list-query.ts); SQLite's LIKE
 * is tested row by row in date order, where one statement is already the best plan.
 */
export function searchesThroughIndex(provider: Provider): boolean {
  return provider === "postgresql";
}

/**
 * Whether several Tidings processes may write one database at once: PostgreSQL's row locks let
 * instances share a round's work; a SQLite file has one writer, so one process rounds at a time.
 */
export function servesSeveralWriters(provider: Provider): boolean {
  return provider === "postgresql";
}

/**
 * Text folded for a case-insensitive order or match: LOWER, compared by code point on both
 * databases (PostgreSQL's collation could otherwise be a locale's). SQLite's LOWER folds ASCII
 * letters only, so beyond ASCII the two may differ in case; the order is the same for ASCII text.
 */
export function foldedTextSql(provider: Provider, text: Sql): Sql {
  return provider === "postgresql" ? sql`LOWER(${text}) COLLATE "C"` : sql`LOWER(${text})`;
}

/** Whether `text` contains `needle`, both folded as above, as plain text: no LIKE wildcards to escape. */
export function containsTextSql(provider: Provider, text: Sql, needle: string): Sql {
  return provider === "postgresql"
    ? sql`strpos(LOWER(${text}), LOWER(${needle})) > 0`
    : sql`instr(LOWER(${text}), LOWER(${needle})) > 0`;
}
