// The Google Reader list endpoints' queries, on the reader's read-only SQL path
// (lib/db/sql-reader.ts): a thousand sources through Prisma's client cost 30 ms a call, the
// plain statement well under a millisecond. Unread counts are Source.unreadCount, kept exact by
// the store: nothing here counts articles.
import { sql } from "@/lib/db/sql";
import { displayTitleSql } from "@/lib/db/display-title";

export type SubscriptionRow = {
  id: number;
  title: string;
  feedUrl: string;
  siteUrl: string | null;
  folderName: string | null;
};

export const SUBSCRIPTIONS_SQL = sql`SELECT s."id", ${displayTitleSql("s")} AS "title", s."feedUrl", s."siteUrl", f."name" AS "folderName"
  FROM "Source" s LEFT JOIN "Folder" f ON f."id" = s."folderId"`;

export type UnreadRow = { id: number; unreadCount: number; lastNewArticleAt: Date | null; folderName: string | null };

export const UNREAD_COUNTS_SQL = sql`SELECT s."id", s."unreadCount", s."lastNewArticleAt", f."name" AS "folderName"
  FROM "Source" s LEFT JOIN "Folder" f ON f."id" = s."folderId" ORDER BY s."id"`;
