"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/query-keys";
import { fetchJson } from "@/components/reader/api-client";
import { patchArticles } from "@/components/reader/cache-updates";
import { useToast } from "@/components/reader/toast-provider";

/** The API takes at most this many ids per request. */
const IDS_PER_REQUEST = 10_000;

/** The undo of "mark all read": these articles become unread again. */
export function useMarkUnreadMutation() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const restored: number[] = [];
      for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
        const result = await fetchJson<{ markedIds: number[] }>("/api/articles/mark-unread", {
          method: "POST",
          body: { ids: ids.slice(start, start + IDS_PER_REQUEST) },
        });
        restored.push(...result.markedIds);
      }
      return restored;
    },
    onMutate: (ids) => {
      const set = new Set(ids);
      patchArticles(client, (item) => set.has(item.id), { read: false });
      return { set };
    },
    onError: (error, _ids, context) => {
      if (context) patchArticles(client, (item) => context.set.has(item.id), { read: true });
      toast({ tone: "error", message: `Could not undo: ${error.message}` });
    },
    onSuccess: (restored) => toast({ message: `${plural(restored.length)} unread again.` }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.sidebar() }),
  });
}

function plural(count: number): string {
  return count === 1 ? "1 article is" : `${count} articles are`;
}
