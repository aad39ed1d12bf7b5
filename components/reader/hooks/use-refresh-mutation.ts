"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RoundTally } from "@/lib/store/rounds";
import { queryKeys } from "@/lib/query-keys";
import { fetchJson } from "@/components/reader/api-client";
import { useToast } from "@/components/reader/toast-provider";

export type RefreshAnswer =
  | { status: "completed"; tally: RoundTally; sourcesNotDue: number }
  | { status: "skipped"; reason: string; sourcesNotDue: number };

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

export function describeRefresh(answer: RefreshAnswer): string {
  const notDue = answer.sourcesNotDue === 1 ? "1 not due yet" : `${answer.sourcesNotDue} not due yet`;
  if (answer.status === "skipped") {
    return answer.reason === "no source is due" ? `No source is due: ${notDue}, each waits for its next check.` : `Not refreshed: ${answer.reason}.`;
  }
  const { sourcesAttempted, sourcesDue, newArticles } = answer.tally;
  const parts = [`${sourcesAttempted === 1 ? "1 source" : `${sourcesAttempted} sources`} checked`, notDue];
  if (sourcesDue > sourcesAttempted) parts.push(`${sourcesDue - sourcesAttempted} left for the next round`);
  parts.push(newArticles === 1 ? "1 new article" : `${newArticles} new articles`);
  return `${parts.join(", ")}.`;
}
