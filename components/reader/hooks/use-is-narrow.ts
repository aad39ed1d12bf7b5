"use client";

import { useSyncExternalStore } from "react";

/** The stacked, one-pane-at-a-time layout (must match the breakpoint in reader.module.css). */
const QUERY = "(max-width: 59.99rem)";

export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(QUERY);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
