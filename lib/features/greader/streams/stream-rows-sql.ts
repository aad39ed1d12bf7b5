// The rows behind a page of item ids: each article with what an item shows of its source and
// folder, read by primary key (one statement, at most MAX_ITEMS_PER_CALL ids). Pure.
import { APP_CONTENT_SQL } from "@/lib/reads/articles/app-content-sql";
import { sql, joinSql, type Sql } from "@/lib/db/sql";
import { displayTitleSql } from "@/lib/db/display-title";
import { readingStateColumns } from "@/lib/reads/articles/list-query";

export type StreamItemRow = {
  id: number;
  sourceId: number;
  title: string;
  url: string | null;
  author: string | null;
  content: string | null;
  summary: string | null;
  enclosures: string | null;
  publishedAt: Date;
  updatedAt: Date | null;
  firstSeenAt: Date;
  /** 1 while the user has it unread, else null. */
  unreadMark: number | null;
  starredAt: Date | null;
  sourceTitle: string;
  sourceFeedUrl: string;
  sourceSiteUrl: string | null;
  folderName: string | null;
};

/** The rows of these ids among the user's subscriptions (an id of another source answers nothing). */
export function buildStreamRowsSql(userId: number, ids: number[]): Sql {
  const where = ids.length === 0 ? sql`1 = 0` : sql`"Article"."id" IN (${joinSql(ids)})`;
  return sql`SELECT "Article"."id", "Article"."sourceId", "Article"."title", "Article"."url", "Article"."author", ${APP_CONTENT_SQL} AS "content",
    "Article"."summary", "Article"."enclosures", "Article"."publishedAt", "Article"."updatedAt", "Article"."firstSeenAt",
    ${readingStateColumns(userId)}, ${displayTitleSql()} AS "sourceTitle", "Source"."feedUrl" AS "sourceFeedUrl",
    "Source"."siteUrl" AS "sourceSiteUrl", "UserFolder"."name" AS "folderName"
    FROM "Article" JOIN "Source" ON "Source"."id" = "Article"."sourceId"
    JOIN "Subscription" ON "Subscription"."sourceId" = "Article"."sourceId" AND "Subscription"."userId" = ${userId}
    LEFT JOIN "UserFolder" ON "UserFolder"."id" = "Subscription"."folderId"
    WHERE ${where}`;
}
