// The rows behind a page of item ids: each article with what an item shows of its source and
// folder, read by primary key (one statement, at most MAX_ITEMS_PER_CALL ids). Pure.
import { Prisma } from "@/lib/generated/sqlite";
import { APP_CONTENT_SQL } from "@/lib/articles/app-content-sql";

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

export function buildStreamRowsSql(ids: number[]): Prisma.Sql {
  const where = ids.length === 0 ? Prisma.sql`1 = 0` : Prisma.sql`"Article"."id" IN (${Prisma.join(ids)})`;
  return Prisma.sql`SELECT "Article"."id", "Article"."sourceId", "Article"."title", "Article"."url", "Article"."author", ${APP_CONTENT_SQL} AS "content",
    "Article"."summary", "Article"."enclosures", "Article"."publishedAt", "Article"."updatedAt", "Article"."firstSeenAt", "Article"."readAt",
    "Article"."starredAt", COALESCE("Source"."customTitle", "Source"."title") AS "sourceTitle", "Source"."feedUrl" AS "sourceFeedUrl",
    "Source"."siteUrl" AS "sourceSiteUrl", "Folder"."name" AS "folderName"
    FROM "Article" JOIN "Source" ON "Source"."id" = "Article"."sourceId" LEFT JOIN "Folder" ON "Folder"."id" = "Source"."folderId"
    WHERE ${where}`;
}
