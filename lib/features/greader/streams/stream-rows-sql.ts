// The rows behind a page of item ids: each article with what an item shows of its source and
// folder, read by primary key (one statement, at most MAX_ITEMS_PER_CALL ids). Pure.
import { APP_CONTENT_SQL } from "@/lib/reads/articles/app-content-sql";
import { sql, joinSql, type Sql } from "@/lib/db/sql";
import { displayTitleSql } from "@/lib/db/display-title";

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
  readAt: Date | null;
  starredAt: Date | null;
  sourceTitle: string;
  sourceFeedUrl: string;
  sourceSiteUrl: string | null;
  folderName: string | null;
};

export function buildStreamRowsSql(ids: number[]): Sql {
  const where = ids.length === 0 ? sql`1 = 0` : sql`"Article"."id" IN (${joinSql(ids)})`;
  return sql`SELECT "Article"."id", "Article"."sourceId", "Article"."title", "Article"."url", "Article"."author", ${APP_CONTENT_SQL} AS "content",
    "Article"."summary", "Article"."enclosures", "Article"."publishedAt", "Article"."updatedAt", "Article"."firstSeenAt", "Article"."readAt",
    "Article"."starredAt", ${displayTitleSql()} AS "sourceTitle", "Source"."feedUrl" AS "sourceFeedUrl",
    "Source"."siteUrl" AS "sourceSiteUrl", "Folder"."name" AS "folderName"
    FROM "Article" JOIN "Source" ON "Source"."id" = "Article"."sourceId" LEFT JOIN "Folder" ON "Folder"."id" = "Source"."folderId"
    WHERE ${where}`;
}
