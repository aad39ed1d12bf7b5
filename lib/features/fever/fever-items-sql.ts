// The Fever `items` query, as SQL. Fever pages by article id (its ids are its cursor), so this is
// a keyset on the primary key: `since_id` walks up from an id, `max_id` down from one (0: from
// the newest), both LIMIT 50, one index seek at any depth; articles inserted meanwhile get
// higher ids and are found by the next `since_id` call, never shifting a page.
import { sql, joinSql, rawSql, type Sql } from "@/lib/db/sql";
import type { FeverItemsQuery } from "@/lib/features/fever/parse-fever-request";
import { APP_CONTENT_SQL } from "@/lib/reads/articles/app-content-sql";
import { readingStateColumns } from "@/lib/reads/articles/list-query";
import { subscribedSourcesSql } from "@/lib/pipeline/store/reading/scope-sql";

export const FEVER_PAGE_SIZE = 50;

export type FeverItemRow = {
  id: number;
  sourceId: number;
  title: string;
  author: string | null;
  content: string | null;
  summary: string | null;
  url: string | null;
  publishedAt: Date;
  /** 1 while the user has it unread, else null. */
  unreadMark: number | null;
  starredAt: Date | null;
};

/** One user's page: only articles of the sources they follow, with their reading state. */
export function buildFeverItemsSql(userId: number, query: FeverItemsQuery): Sql {
  const columns = sql`"id", "sourceId", "title", "author", ${APP_CONTENT_SQL} AS "content", "summary", "url", "publishedAt", ${readingStateColumns(userId)}`;
  const page = (where: Sql, order: "ASC" | "DESC") =>
    sql`SELECT ${columns} FROM "Article" WHERE ${where} AND ${subscribedSourcesSql(userId)} ORDER BY "id" ${rawSql(order)} LIMIT ${FEVER_PAGE_SIZE}`;
  switch (query.kind) {
    case "oldest":
      return page(sql`1 = 1`, "ASC");
    case "since":
      return page(sql`"id" > ${query.id}`, "ASC");
    case "max":
      return page(query.id === 0 ? sql`1 = 1` : sql`"id" < ${query.id}`, "DESC");
    case "with":
      return page(query.ids.length === 0 ? sql`1 = 0` : sql`"id" IN (${joinSql(query.ids)})`, "ASC");
  }
}

/** The user's ids of one state, ascending: unread or saved, each read from its own table's primary key. */
export function buildFeverIdsSql(userId: number, state: "unread" | "saved"): Sql {
  const table = rawSql(state === "unread" ? `"UnreadArticle"` : `"StarredArticle"`);
  return sql`SELECT "articleId" AS "id" FROM ${table} WHERE "userId" = ${userId} ORDER BY "articleId"`;
}

/** Every article of the user's sources, from the per-source counts the store keeps (one row per source, not per article). */
export function buildFeverTotalSql(userId: number): Sql {
  return sql`SELECT COALESCE(SUM("articleCount"), 0) AS "total" FROM "Source"
    WHERE "id" IN (SELECT "sourceId" FROM "Subscription" WHERE "userId" = ${userId})`;
}
