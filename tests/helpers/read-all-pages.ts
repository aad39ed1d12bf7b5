// Walks a view page by page through the list's cursors, as the reader's infinite scroll does.
import { expect } from "vitest";
import { listArticles } from "@/lib/reads/articles/list-articles";
import type { ArticleScope } from "@/lib/base/article-scope";
import { decodeCursor, type ArticleCursor } from "@/lib/pipeline/store/reading/cursor";
import type { ArticleListItem } from "@/lib/reads/articles/dto";
import type { ListOrder } from "@/lib/base/list-order";

/** Every item of the view in the order the pages gave them; at most 1,000 pages. */
export async function readAllPages(
  userId: number,
  scope: ArticleScope,
  limit: number,
  order: ListOrder = "newest",
): Promise<{ items: ArticleListItem[]; pages: number }> {
  const items: ArticleListItem[] = [];
  let cursor: ArticleCursor | null = null;
  let pages = 0;
  do {
    const page = await listArticles({ userId, scope, cursor, order, limit });
    pages += 1;
    items.push(...page.items);
    cursor = page.nextCursor === null ? null : decodeCursor(page.nextCursor);
    // A next cursor the API gave must decode.
    if (page.nextCursor !== null) expect(cursor?.order).toBe(order);
  } while (cursor !== null && pages < 1000);
  return { items, pages };
}
