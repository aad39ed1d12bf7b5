"use client";

import { useMemo } from "react";
import type { Sidebar } from "@/lib/reads/articles/dto";

/** Source id → its site icon's address, from the sidebar the reader already holds (no request of its own). */
export function useSourceIcons(sidebar: Sidebar | undefined): ReadonlyMap<number, string> {
  return useMemo(() => {
    const sources = [...(sidebar?.sources ?? []), ...(sidebar?.folders.flatMap((folder) => folder.sources) ?? [])];
    return new Map(sources.flatMap((source) => (source.icon ? [[source.id, source.icon] as const] : [])));
  }, [sidebar]);
}
