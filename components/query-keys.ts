// Every React Query key of the app, in one place, so that queries and invalidations cannot drift.
import type { ArticleScope } from "@/lib/base/article-scope";
import type { ListOrder } from "@/lib/base/list-order";

export const queryKeys = {
  /** Everything about articles: lists, details and the freshness poll. The sidebar's counts are
   *  not under it: whoever learns that articles arrived or changed invalidates `sidebar` too. */
  articles: () => ["articles"] as const,
  articleLists: () => ["articles", "list"] as const,
  /** Every order of a view (what "mark all read" patches); `articleList` is one order's pages. */
  articleListsOfScope: (scope: ArticleScope) => ["articles", "list", scope] as const,
  articleList: (scope: ArticleScope, order: ListOrder) => ["articles", "list", scope, order] as const,
  articleDetails: () => ["articles", "detail"] as const,
  article: (id: number) => ["articles", "detail", id] as const,
  newArticlesPolls: () => ["articles", "new"] as const,
  newArticles: (scope: ArticleScope, sinceId: number) => ["articles", "new", scope, sinceId] as const,
  sidebar: () => ["sidebar"] as const,
  readerSettings: () => ["settings", "reader"] as const,
};
