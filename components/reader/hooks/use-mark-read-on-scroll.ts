"use client";

import { useEffect, useEffectEvent, type RefObject } from "react";

/**
 * With the setting on, an unread article that scrolls out at the top of the list counts as read
 * (Miniflux's and Feedly's "mark as read on scroll"). Items carry data-article-id and data-read.
 */
export function useMarkReadOnScroll(input: {
  root: RefObject<HTMLElement | null>;
  enabled: boolean;
  /** Changes whenever the rendered items change, so new items get observed. */
  itemsKey: unknown;
  onPassed: (id: number) => void;
}): void {
  const { root, enabled, itemsKey } = input;
  const onPassed = useEffectEvent(input.onPassed);

  useEffect(() => {
    const container = root.current;
    if (!enabled || !container) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const element = entry.target as HTMLElement;
          const passedTop =
            !entry.isIntersecting &&
            entry.rootBounds !== null &&
            entry.boundingClientRect.bottom <= entry.rootBounds.top;
          if (passedTop && element.dataset.read === "false") {
            element.dataset.read = "true";
            onPassed(Number(element.dataset.articleId));
          }
        }
      },
      { root: container },
    );
    container
      .querySelectorAll<HTMLElement>("[data-article-id][data-read='false']")
      .forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [root, enabled, itemsKey]);
}
