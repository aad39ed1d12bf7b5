// A source's name as Tidings shows it to a reader: the title they typed for their subscription,
// else the feed's. One rule, written for TypeScript and for SQL side by side, so every page, API
// and export agrees. Pages that serve no one reader (the fleet's health, alerts) name a source by
// the feed's own title: one user's title is theirs alone (issue 25).
import { rawSql, type Sql } from "@/lib/db/sql";

export function displayTitleOf(source: { customTitle: string | null; title: string }): string {
  return source.customTitle ?? source.title;
}

/** The same rule as an SQL expression over a Subscription row and its Source row (table names or aliases). */
export function displayTitleSql(subscription = "Subscription", source = "Source"): Sql {
  return rawSql(`COALESCE("${subscription}"."customTitle", "${source}"."title")`);
}
