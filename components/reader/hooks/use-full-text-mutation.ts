"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ArticleDetail } from "@/lib/reads/articles/dto";
import { queryKeys } from "@/components/query-keys";
import { fetchJson } from "@/components/reader/api-client";
import { useToast } from "@/components/reader/toast-provider";

/**
 * "Fetch the full article": the server fetches the page through its lanes and answers the article
 * as it now is. A page that could not be read is an answer too (fullText says why), not an error.
 */
export function useFullTextMutation() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: number) => fetchJson<ArticleDetail>(`/api/articles/${id}/full-text`, { method: "POST", body: {} }),
    onSuccess: (detail) => client.setQueryData(queryKeys.article(detail.id), detail),
    onError: (error) => toast({ tone: "error", message: `Could not fetch the full article: ${error.message}` }),
  });
}
