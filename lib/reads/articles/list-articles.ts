import "server-only";
import { getDb, getSqlReader } from "@/lib/db/client";
import { providerOf } from "@/lib/db/client";
import type { ArticleScope } from "@/lib/base/article-scope";
import { encodeCursor, type ArticleCursor } from "@/lib/pipeline/store/reading/cursor";
import type { ArticlePage } from "@/lib/reads/articles/dto";
import { effectiveOrder, type ListOrder } from "@/lib/base/list-order";
import { DEFAULT_PAGE_SIZE, queryListRows, type ListRow } from "@/lib/reads/articles/list-query";
import { toListItem } from "@/lib/reads/articles/to-dto";
import { getLatestArticleId } from "@/lib/reads/articles/get-latest-article-id";

/**
 * One page of a view, newest (or oldest) first, or a search by best match, by keyset (see
 * lib/pipeline/store/reading/cursor.ts). A cursor reads on in its own order; with none asked, a
 * search comes by best match and any other view newest first.
 */
export async function listArticles(input: {
  userId: number;
  scope: ArticleScope;
  cursor: ArticleCursor | null;
  order?: ListOrder;
  limit?: number;
}): Promise<ArticlePage> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const order = effectiveOrder(input.cursor?.order ?? input.order, input.scope.q);
  const provider = providerOf(getDb());
  const reader = getSqlReader();
  const rows = await queryListRows(
    { userId: input.userId, scope: input.scope, order, cursor: input.cursor, limit, provider },
    (sql) => reader.all<ListRow>(sql),
  );
  // An empty page carries no latestId of its own.
  const latestId = rows[0] ? Number(rows[0].latestId) : await getLatestArticleId();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toListItem),
    nextCursor: rows.length > limit && last ? encodeCursor(cursorAfter(last, order)) : null,
    latestId,
  };
}

function cursorAfter(row: ListRow, order: ListOrder): ArticleCursor {
  if (order !== "best") return { publishedAt: row.publishedAt, id: row.id, order };
  if (row.score === undefined) throw new Error("a best-match row comes with its score");
  return { publishedAt: row.publishedAt, id: row.id, order, score: Number(row.score) };
}
