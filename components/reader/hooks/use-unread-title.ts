"use client";

import { useEffect } from "react";
import { APP_NAME, formatUnreadTitle } from "@/lib/reads/articles/unread-title";

/** "(392) Tidings" in the tab while the reader is open, as Miniflux and FreshRSS do; the sidebar's count keeps it current. */
export function useUnreadTitle(unread: number | undefined): void {
  useEffect(() => {
    if (unread === undefined) return;
    const title = formatUnreadTitle(unread);
    document.title = title;
    // Leaving the reader, the next page has already put its own title (from its metadata) in
    // place by the time this runs: only a title still ours goes back to the plain name.
    return () => {
      if (document.title === title) document.title = APP_NAME;
    };
  }, [unread]);
}
