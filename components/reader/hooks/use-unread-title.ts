"use client";

import { useEffect } from "react";

const APP_NAME = "Tidings";

/** "(392) Tidings" in the tab while the reader is open, as Miniflux and FreshRSS do; the sidebar's count keeps it current. */
export function useUnreadTitle(unread: number | undefined): void {
  useEffect(() => {
    if (unread === undefined) return;
    document.title = unread > 0 ? `(${unread}) ${APP_NAME}` : APP_NAME;
    // Other pages set their own title from their metadata; none should inherit the count.
    return () => {
      document.title = APP_NAME;
    };
  }, [unread]);
}
