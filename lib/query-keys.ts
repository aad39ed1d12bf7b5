// Every React Query key of the app, in one place, so that queries and invalidations cannot drift.
import type { ArticleScope } from "@/lib/articles/article-scope";

export const queryKeys = {
  /** Everything about articles: lists, details and the freshness poll. */
  articles: () => ["articles"] as const,
  articleLists: () => ["articles", "list"] as const,
  articleList: (scope: ArticleScope) => ["articles", "list", scope] as const,
  articleDetails: () => ["articles", "detail"] as const,
  article: (id: number) => ["articles", "detail", id] as const,
  newArticles: (scope: ArticleScope, sinceId: number) => ["articles", "new", scope, sinceId] as const,
  sidebar: () => ["sidebar"] as const,
  readerSettings: () => ["settings", "reader"] as const,
};
