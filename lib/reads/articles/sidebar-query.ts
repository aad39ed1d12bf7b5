// The sidebar's queries for one user (pure; the bench EXPLAINs them). Counts come from the user's
// Subscription.unreadCount, kept exact by the store, instead of counting a million articles; each
// source's health state is computed in the same statement by the SQL form of the one health rule
// table (lib/reads/health/rules/classify-source-health.ts), so that a thousand sources cost six
// columns each. A subscription the user paused shows as disabled to them, whoever else reads it.
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

export function buildSidebarSourcesSql(userId: number, now: Date): Sql {
  // The health rules name Source's columns unqualified: they are evaluated in a query of Source alone.
  return sql`SELECT "Source"."id", ${displayTitleSql()} AS "title", "Subscription"."folderId", "Subscription"."unreadCount",
    "Source"."nextCheckReason", CASE WHEN "Subscription"."paused" THEN 'disabled' ELSE "Source"."state" END AS "state"
    FROM "Subscription" JOIN (
      SELECT "id", "title", "nextCheckReason", ${buildHealthStateSql(now)} AS "state" FROM "Source"
      WHERE "id" IN (SELECT "sourceId" FROM "Subscription" WHERE "userId" = ${userId})
    ) AS "Source" ON "Source"."id" = "Subscription"."sourceId"
    WHERE "Subscription"."userId" = ${userId}`;
}

export type SidebarFolderRow = { id: number; name: string };

export function buildSidebarFoldersSql(userId: number): Sql {
  return sql`SELECT "id", "name" FROM "UserFolder" WHERE "userId" = ${userId} ORDER BY "position" ASC, "name" ASC`;
}

/** Served by StarredArticle's primary key (userId, articleId): starred articles are few. */
export function buildStarredCountSql(userId: number): Sql {
  return sql`SELECT CAST(COUNT(*) AS INTEGER) AS "count" FROM "StarredArticle" WHERE "userId" = ${userId}`;
}
