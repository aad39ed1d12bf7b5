// A Google Reader stream as SQL, on the reader's own keyset (lib/reads/articles: scope-sql.ts,
// cursor.ts, list-query.ts). Pure and free of `server-only`, so that scripts/bench/sync-apis.ts
// runs exactly what the app runs. A page is read in two steps: the page's ids (this file, one
// index walk that stops after n + 1 rows), then the rows of those ids (stream-rows-sql.ts), which
// stream/items/contents reads alone.
import { sql, type Sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { DateCursor } from "@/lib/pipeline/store/reading/cursor";
import { buildPageSql } from "@/lib/reads/articles/list-query";
import {
  buildKeysetCondition,
  buildKeysetOrder,
  buildScopeConditions,
  joinConditions,
} from "@/lib/pipeline/store/reading/scope-sql";
import type { DateOrder } from "@/lib/base/list-order";

/** What a stream shows, once its id and the xt/it filters are resolved. null: either state. */
export type StreamSelection = {
  sourceId: number | null;
  folderId: number | null;
  read: boolean | null;
  starred: boolean | null;
  /** xt and it contradict each other (it=read&xt=read): the stream is empty. */
  empty: boolean;
};

export type StreamPageQuery = {
  /** Whose stream: their subscriptions and reading state. */
  userId: number;
  selection: StreamSelection;
  /** ot: only articles published after this time; nt: only those published before it. */
  publishedAfter: Date | null;
  publishedBefore: Date | null;
  order: DateOrder;
  cursor: DateCursor | null;
  limit: number;
  provider: DatabaseTarget["provider"];
};

export type StreamRefRow = { id: number; sourceId: number; publishedAt: Date };

/** The rows of a page, limit + 1 of them at most: the extra one says there is a next page. */
export function buildStreamRefsSql(query: StreamPageQuery): Sql {
  const { selection } = query;
  const conditions = selection.empty
    ? [sql`1 = 0`]
    : [
        ...buildScopeConditions(
          {
            sourceId: selection.sourceId,
            folderId: selection.folderId,
            unread: selection.read === false,
            starred: selection.starred === true,
            q: null,
          },
          query.userId,
          query.provider,
        ),
        ...(selection.read === true
          ? [sql`"id" NOT IN (SELECT "articleId" FROM "UnreadArticle" WHERE "userId" = ${query.userId})`]
          : []),
        ...(selection.starred === false
          ? [sql`"id" NOT IN (SELECT "articleId" FROM "StarredArticle" WHERE "userId" = ${query.userId})`]
          : []),
        ...(query.publishedAfter === null ? [] : [sql`"publishedAt" > ${query.publishedAfter}`]),
        ...(query.publishedBefore === null ? [] : [sql`"publishedAt" < ${query.publishedBefore}`]),
        ...buildKeysetCondition(query.cursor),
      ];
  return buildPageSql({
    columns: sql`"id", "sourceId", "publishedAt"`,
    where: joinConditions(conditions),
    order: buildKeysetOrder(query.limit + 1, query.order),
  });
}
