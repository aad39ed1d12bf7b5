"use client";

import { useQuery } from "@tanstack/react-query";
import type { ArticleDetail } from "@/lib/reads/articles/dto";
import { queryKeys } from "@/components/query-keys";
import { ApiError, fetchJson } from "@/components/reader/api-client";

/** One article with its content; idle while no article is open. */
export function useArticleQuery(id: number | null) {
  return useQuery({
    queryKey: queryKeys.article(id ?? 0),
    queryFn: ({ signal }) => fetchJson<ArticleDetail>(`/api/articles/${id}`, undefined, signal),
    enabled: id !== null,
    // Content does not change under the reader; state changes arrive through the cache.
    staleTime: 5 * 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}
