"use client";

import { useCallback, useEffect, useEffectEvent, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ArticleDetail } from "@/lib/reads/articles/dto";
import { findCachedArticle } from "@/components/reader/cache-updates";

/**
 * Opening an article marks it read, once per opening: pressing m afterwards keeps it unread.
 * Waits for the article to be known (from a list or its detail) to know whether it is unread.
 *
 * Returns `keepReadState(id)`: the person has just set the read state of the article being
 * opened themselves. Keys arrive before React renders the opening (k then m, fast), and the
 * opening must not then undo what m did.
 */
export function useMarkReadOnOpen(
  articleId: number | null,
  detail: ArticleDetail | undefined,
  markRead: (id: number) => void,
): { keepReadState(id: number): void } {
  const client = useQueryClient();
  const handled = useRef<number | null>(null);
  const markReadNow = useEffectEvent(markRead);
  useEffect(() => {
    if (articleId === null) {
      handled.current = null;
      return;
    }
    if (handled.current === articleId) return;
    const known = detail?.id === articleId ? detail : findCachedArticle(client, articleId);
    if (!known) return;
    handled.current = articleId;
    if (!known.read) markReadNow(articleId);
  }, [articleId, detail, client]);
  const keepReadState = useCallback((id: number) => {
    handled.current = id;
  }, []);
  return { keepReadState };
}
