"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/query-keys";
import { fetchJson } from "@/components/reader/api-client";
import { useToast } from "@/components/reader/toast-provider";
import { describeRefresh, type RefreshAnswer } from "@/components/reader/describe-refresh";

/**
 * "Refresh": one ordinary round now (POST /api/rounds), so only due sources are asked, in the one
 * polite lane; the others keep their floor. What arrived shows through the "N new articles" pill.
 */
export function useRefreshMutation() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => fetchJson<RefreshAnswer>("/api/rounds", { method: "POST", body: {} }),
    onSuccess: (answer) => toast({ message: describeRefresh(answer) }),
    onError: (error) => toast({ tone: "error", message: `Could not refresh: ${error.message}` }),
    // The pill and the sidebar's counts learn together what the round brought.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.newArticlesPolls() }),
        client.invalidateQueries({ queryKey: queryKeys.sidebar() }),
      ]),
  });
}
