"use client";

import { useEffect, type RefObject } from "react";

/** Calls `loadMore` when the sentinel comes within a screen of the scroll container's bottom. */
export function useInfiniteScroll(input: {
  root: RefObject<HTMLElement | null>;
  sentinel: RefObject<HTMLElement | null>;
  enabled: boolean;
  loadMore: () => void;
}): void {
  const { root, sentinel, enabled, loadMore } = input;
  useEffect(() => {
    if (!enabled || !root.current || !sentinel.current) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && loadMore(),
      {
        root: root.current,
        rootMargin: "0px 0px 100% 0px",
      },
    );
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [root, sentinel, enabled, loadMore]);
}
