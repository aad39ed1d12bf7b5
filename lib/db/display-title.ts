// A source's name as Tidings shows it: the reader's own title for it, else the feed's. One rule,
// written for TypeScript and for SQL side by side, so every page, API and export agrees.
import { rawSql, type Sql } from "@/lib/db/sql";

/** The columns that name a source on a page or in a message (Prisma's `select`). */
export const SOURCE_NAME_COLUMNS = { id: true, title: true, customTitle: true, feedUrl: true } as const;

export function displayTitleOf(source: { customTitle: string | null; title: string }): string {
  return source.customTitle ?? source.title;
}

/** The same rule as an SQL expression over the Source row named `table` (a table name or alias). */
export function displayTitleSql(table = "Source"): Sql {
  return rawSql(`COALESCE("${table}"."customTitle", "${table}"."title")`);
}
