// The sidebar's queries (pure; the bench EXPLAINs them). Counts come from Source.unreadCount,
// kept exact by the store, instead of counting a million articles; each source's health state
// is computed in the same statement, so that a thousand sources cost six columns each.
import { Prisma } from "@/lib/generated/sqlite";
import { QUIET_AFTER_MS } from "@/lib/articles/source-health";

export type SidebarSourceRow = {
  id: number;
  title: string;
  folderId: number | null;
  unreadCount: number;
  state: string;
  nextCheckReason: string;
};

export function buildSidebarSourcesSql(now: Date): Prisma.Sql {
  const quietSince = new Date(now.getTime() - QUIET_AFTER_MS);
  return Prisma.sql`SELECT "id", COALESCE("customTitle", "title") AS "title", "folderId", "unreadCount", "nextCheckReason",
    CASE
      WHEN "disabledReason" = 'gone' THEN 'gone'
      WHEN "breakerState" = 'open' THEN 'breaker_open'
      WHEN "enabled" = false THEN 'paused'
      WHEN "consecutiveErrors" > 0 OR "breakerState" = 'half_open' OR "retryAfterUntil" > ${now} THEN 'backing_off'
      WHEN "lastFetchedAt" IS NULL THEN 'new'
      WHEN "lastNewArticleAt" IS NULL OR "lastNewArticleAt" < ${quietSince} THEN 'quiet'
      ELSE 'ok'
    END AS "state"
    FROM "Source"`;
}

export type SidebarFolderRow = { id: number; name: string };

export const SIDEBAR_FOLDERS_SQL = Prisma.sql`SELECT "id", "name" FROM "Folder" ORDER BY "position" ASC, "name" ASC`;

/** Served by the (starredAt, publishedAt, id) index: starred articles are few. */
export const STARRED_COUNT_SQL = Prisma.sql`SELECT CAST(COUNT(*) AS INTEGER) AS "count" FROM "Article" WHERE "starredAt" IS NOT NULL`;
