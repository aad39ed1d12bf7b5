"use client";

import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { ArticleScope } from "@/lib/base/article-scope";
import type { ArticlePage } from "@/lib/reads/articles/dto";
import { queryKeys } from "@/components/query-keys";
import { fetchJson, scopeToBody } from "@/components/reader/api-client";
import { patchArticles } from "@/components/reader/cache-updates";
import { useToast } from "@/components/reader/toast-provider";
import { useMarkUnreadMutation } from "@/components/reader/hooks/use-mark-unread-mutation";

type Input = { scope: ArticleScope; olderThan: Date | null; maxId: number | null };

/** "Mark all read" in the current view (optionally only older articles), with an Undo in its message. */
export function useMarkReadMutation() {
  const client = useQueryClient();
  const toast = useToast();
  const undo = useMarkUnreadMutation();
  return useMutation({
    mutationFn: ({ scope, olderThan, maxId }: Input) =>
      fetchJson<{ markedIds: number[] }>("/api/articles/mark-read", {
        method: "POST",
        body: {
          ...scopeToBody(scope),
          ...(olderThan ? { olderThan: olderThan.toISOString() } : {}),
          ...(maxId ? { maxId } : {}),
        },
      }),
    onMutate: ({ scope, olderThan }) => {
      // The loaded articles of this view turn read at once; the server's answer covers the rest.
      const lists = client.getQueriesData<InfiniteData<ArticlePage>>({
        queryKey: queryKeys.articleListsOfScope(scope),
      });
      const loaded = lists.flatMap(([, data]) => data?.pages ?? []).flatMap((page) => page.items);
      const ids = new Set(
        loaded
          .filter((item) => !item.read && (olderThan === null || Date.parse(item.publishedAt) < olderThan.getTime()))
          .map((item) => item.id),
      );
      patchArticles(client, (item) => ids.has(item.id), { read: true });
      return { ids };
    },
    onError: (error, _input, context) => {
      if (context) patchArticles(client, (item) => context.ids.has(item.id), { read: false });
      toast({ tone: "error", message: `Could not mark all read: ${error.message} Nothing was changed.` });
    },
    onSuccess: ({ markedIds }) => {
      const marked = new Set(markedIds);
      patchArticles(client, (item) => marked.has(item.id), { read: true });
      toast({
        message:
          markedIds.length === 0
            ? "Nothing left to mark read."
            : `Marked ${markedIds.length === 1 ? "1 article" : `${markedIds.length} articles`} read.`,
        action: markedIds.length === 0 ? undefined : { label: "Undo", run: () => undo.mutate(markedIds) },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.sidebar() }),
  });
}
