"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { ArticleScope } from "@/lib/base/article-scope";
import type { ArticlePage } from "@/lib/reads/articles/dto";
import type { ListOrder } from "@/lib/base/list-order";
import { queryKeys } from "@/components/query-keys";
import { fetchJson, scopeToParams } from "@/components/reader/api-client";

/** The article list of a view, page by page over the API's keyset cursor (which carries the order on). */
export function useArticlesQuery(scope: ArticleScope, order: ListOrder) {
  return useInfiniteQuery({
    queryKey: queryKeys.articleList(scope, order),
    queryFn: ({ pageParam, signal }) => {
      const params = scopeToParams(scope);
      if (pageParam !== null) params.set("cursor", pageParam);
      else params.set("order", order);
      return fetchJson<ArticlePage>(`/api/articles?${params}`, undefined, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A list never refreshes by itself: rows would move under the reader's eyes. New articles
    // are announced by the freshness poll and loaded on request; state changes are patched in.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
