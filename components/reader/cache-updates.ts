// Optimistic edits of the React Query cache: an article's read/starred state is patched in every
// cached list and detail at once, and the sidebar's counts follow. Lists are never refetched
// for these edits, so nothing moves under the reader's eyes.
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { ArticleDetail, ArticleListItem, ArticlePage, Sidebar } from "@/lib/reads/articles/dto";
import { queryKeys } from "@/components/query-keys";

export type ArticlePatch = Partial<Pick<ArticleListItem, "read" | "starred">>;

type Lists = InfiniteData<ArticlePage, string | null>;

/** Applies `patch` to every cached copy of the articles `matches` selects. */
export function patchArticles(
  client: QueryClient,
  matches: (item: ArticleListItem) => boolean,
  patch: ArticlePatch,
): void {
  const apply = <T extends ArticleListItem>(item: T): T => (matches(item) ? { ...item, ...patch } : item);
  client.setQueriesData<Lists>({ queryKey: queryKeys.articleLists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) } : data,
  );
  client.setQueriesData<ArticleDetail>({ queryKey: queryKeys.articleDetails() }, (data) => (data ? apply(data) : data));
}

/** The cached copy of one article, from its detail or any list. */
export function findCachedArticle(client: QueryClient, id: number): ArticleListItem | undefined {
  const detail = client.getQueryData<ArticleDetail>(queryKeys.article(id));
  if (detail) return detail;
  for (const [, data] of client.getQueriesData<Lists>({ queryKey: queryKeys.articleLists() })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Adds `delta` to a source's unread count, its folder's and the total. */
export function adjustSidebarUnread(client: QueryClient, sourceId: number, delta: number): void {
  client.setQueryData<Sidebar>(queryKeys.sidebar(), (sidebar) => {
    if (!sidebar || delta === 0) return sidebar;
    const bump = <T extends { id: number; unread: number }>(source: T): T =>
      source.id === sourceId ? { ...source, unread: Math.max(0, source.unread + delta) } : source;
    return {
      ...sidebar,
      unread: Math.max(0, sidebar.unread + delta),
      sources: sidebar.sources.map(bump),
      folders: sidebar.folders.map((folder) =>
        folder.sources.some((source) => source.id === sourceId)
          ? { ...folder, unread: Math.max(0, folder.unread + delta), sources: folder.sources.map(bump) }
          : folder,
      ),
    };
  });
}

export function adjustSidebarStarred(client: QueryClient, delta: number): void {
  client.setQueryData<Sidebar>(queryKeys.sidebar(), (sidebar) =>
    sidebar ? { ...sidebar, starred: Math.max(0, sidebar.starred + delta) } : sidebar,
  );
}
