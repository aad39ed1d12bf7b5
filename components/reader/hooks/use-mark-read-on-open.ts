"use client";

import { useEffect, useEffectEvent, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ArticleDetail } from "@/lib/articles/dto";
import { findCachedArticle } from "@/components/reader/cache-updates";

/**
 * Opening an article marks it read, once per opening: pressing m afterwards keeps it unread.
 * Waits for the article to be known (from a list or its detail) to know whether it is unread.
 */
export function useMarkReadOnOpen(articleId: number | null, detail: ArticleDetail | undefined, markRead: (id: number) => void): void {
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
}
