"use client";

import { useQuery } from "@tanstack/react-query";
import type { ArticleScope } from "@/lib/base/article-scope";
import type { NewArticles } from "@/lib/reads/articles/dto";
import { queryKeys } from "@/components/query-keys";
import { fetchJson, scopeToParams } from "@/components/reader/api-client";

/** Rounds run every few minutes; asking twice a minute is cheap (a primary-key range) and timely. */
export const NEW_ARTICLES_POLL_MS = 30_000;

/** How many articles of this view arrived after `sinceId` (the list's latestId). */
export function useNewArticlesQuery(scope: ArticleScope, sinceId: number | null) {
  return useQuery({
    queryKey: queryKeys.newArticles(scope, sinceId ?? 0),
    queryFn: ({ signal }) => {
      const params = scopeToParams(scope);
      params.set("since", String(sinceId));
      return fetchJson<NewArticles>(`/api/articles/new?${params}`, undefined, signal);
    },
    enabled: sinceId !== null,
    refetchInterval: NEW_ARTICLES_POLL_MS,
    staleTime: 0,
  });
}
