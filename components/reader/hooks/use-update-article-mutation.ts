"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ArticleState } from "@/lib/base/article-state";
import { fetchJson } from "@/components/reader/api-client";
import {
  adjustSidebarStarred,
  adjustSidebarUnread,
  findCachedArticle,
  patchArticles,
  type ArticlePatch,
} from "@/components/reader/cache-updates";
import { useToast } from "@/components/reader/toast-provider";

type Input = { id: number } & ArticlePatch;

/**
 * Read/unread and star/unstar of one article, shown at once. On failure exactly this change is
 * reverted (not a whole-cache snapshot, which would also undo other changes made meanwhile) and
 * a message says so.
 */
export function useUpdateArticleMutation() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, ...patch }: Input) =>
      fetchJson<ArticleState>(`/api/articles/${id}`, { method: "PATCH", body: patch }),
    onMutate: (input) => {
      const before = findCachedArticle(client, input.id);
      const { id, ...patch } = input;
      patchArticles(client, (item) => item.id === id, patch);
      if (before) adjustCounts(before, patch, 1);
      return { before };
    },
    onError: (error, input, context) => {
      const before = context?.before;
      if (before) {
        patchArticles(client, (item) => item.id === input.id, { read: before.read, starred: before.starred });
        adjustCounts(before, { read: input.read, starred: input.starred }, -1);
      }
      toast({ tone: "error", message: `Could not ${describe(input)}: ${error.message} The change was undone.` });
    },
    onSuccess: (state) =>
      patchArticles(client, (item) => item.id === state.id, { read: state.read, starred: state.starred }),
  });

  function adjustCounts(
    before: { sourceId: number; read: boolean; starred: boolean },
    patch: ArticlePatch,
    sign: 1 | -1,
  ) {
    if (patch.read !== undefined && patch.read !== before.read)
      adjustSidebarUnread(client, before.sourceId, sign * (patch.read ? -1 : 1));
    if (patch.starred !== undefined && patch.starred !== before.starred)
      adjustSidebarStarred(client, sign * (patch.starred ? 1 : -1));
  }
}

function describe(input: Input): string {
  if (input.starred !== undefined) return input.starred ? "star the article" : "unstar the article";
  return input.read ? "mark the article read" : "mark the article unread";
}
