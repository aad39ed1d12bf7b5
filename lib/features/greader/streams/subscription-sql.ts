// The Google Reader list endpoints' queries, on the reader's read-only SQL path
// (lib/db/sql-reader.ts): a thousand sources through Prisma's client cost 30 ms a call, the
// plain statement well under a millisecond. Each is one user's: their subscriptions, titles and
// folders. Unread counts are Subscription.unreadCount, kept exact by the store: nothing here counts articles.
import { sql, type Sql } from "@/lib/db/sql";
import { displayTitleSql } from "@/lib/db/display-title";

export type SubscriptionRow = {
  id: number;
  title: string;
  feedUrl: string;
  siteUrl: string | null;
  folderName: string | null;
};

export function buildSubscriptionsSql(userId: number): Sql {
  return sql`SELECT s."id", ${displayTitleSql("sub", "s")} AS "title", s."feedUrl", s."siteUrl", f."name" AS "folderName"
    FROM "Subscription" sub JOIN "Source" s ON s."id" = sub."sourceId" LEFT JOIN "UserFolder" f ON f."id" = sub."folderId"
    WHERE sub."userId" = ${userId}`;
}

export type UnreadRow = { id: number; unreadCount: number; lastNewArticleAt: Date | null; folderName: string | null };

export function buildUnreadCountsSql(userId: number): Sql {
  return sql`SELECT s."id", sub."unreadCount", s."lastNewArticleAt", f."name" AS "folderName"
    FROM "Subscription" sub JOIN "Source" s ON s."id" = sub."sourceId" LEFT JOIN "UserFolder" f ON f."id" = sub."folderId"
    WHERE sub."userId" = ${userId} ORDER BY s."id"`;
}
