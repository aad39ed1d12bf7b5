// The sidebar's queries (pure; the bench EXPLAINs them). Counts come from Source.unreadCount,
// kept exact by the store, instead of counting a million articles; each source's health state is
// computed in the same statement by the SQL form of the one health rule table
// (lib/reads/health/rules/classify-source-health.ts), so that a thousand sources cost six columns each.
import { sql, type Sql } from "@/lib/db/sql";
import { buildHealthStateSql, type SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { displayTitleSql } from "@/lib/db/display-title";

export type SidebarSourceRow = {
  id: number;
  title: string;
  folderId: number | null;
  unreadCount: number;
  state: SourceHealthState;
  nextCheckReason: string;
};

export function buildSidebarSourcesSql(now: Date): Sql {
  return sql`SELECT "id", ${displayTitleSql()} AS "title", "folderId", "unreadCount", "nextCheckReason",
    ${buildHealthStateSql(now)} AS "state"
    FROM "Source"`;
}

export type SidebarFolderRow = { id: number; name: string };

export const SIDEBAR_FOLDERS_SQL = sql`SELECT "id", "name" FROM "Folder" ORDER BY "position" ASC, "name" ASC`;

/** Served by the (starredAt, publishedAt, id) index: starred articles are few. */
export const STARRED_COUNT_SQL = sql`SELECT CAST(COUNT(*) AS INTEGER) AS "count" FROM "Article" WHERE "starredAt" IS NOT NULL`;
