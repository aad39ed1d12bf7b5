// The Fever `items` query, as SQL. Fever pages by article id (its ids are its cursor), so this is
// a keyset on the primary key: `since_id` walks up from an id, `max_id` down from one (0: from
// the newest), both LIMIT 50, one index seek at any depth; articles inserted meanwhile get
// higher ids and are found by the next `since_id` call, never shifting a page.
import { sql, joinSql, rawSql, type Sql } from "@/lib/db/sql";
import type { FeverItemsQuery } from "@/lib/features/fever/parse-fever-request";
import { APP_CONTENT_SQL } from "@/lib/reads/articles/app-content-sql";

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
  readAt: Date | null;
  starredAt: Date | null;
};

const COLUMNS = sql`"id", "sourceId", "title", "author", ${APP_CONTENT_SQL} AS "content", "summary", "url", "publishedAt", "readAt", "starredAt"`;

export function buildFeverItemsSql(query: FeverItemsQuery): Sql {
  const page = (where: Sql, order: "ASC" | "DESC") =>
    sql`SELECT ${COLUMNS} FROM "Article" WHERE ${where} ORDER BY "id" ${rawSql(order)} LIMIT ${FEVER_PAGE_SIZE}`;
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

/** Ids of one state, ascending: unread (`readAt IS NULL`) or saved (`starredAt IS NOT NULL`), each through its own index. */
export function buildFeverIdsSql(state: "unread" | "saved"): Sql {
  const where = state === "unread" ? sql`"readAt" IS NULL` : sql`"starredAt" IS NOT NULL`;
  return sql`SELECT "id" FROM "Article" WHERE ${where} ORDER BY "id"`;
}

/** Every article, from the per-source counts the store keeps (one row per source, not per article). */
export const FEVER_TOTAL_SQL = sql`SELECT COALESCE(SUM("articleCount"), 0) AS "total" FROM "Source"`;
