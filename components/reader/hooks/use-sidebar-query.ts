"use client";

import { useQuery } from "@tanstack/react-query";
import type { Sidebar } from "@/lib/reads/articles/dto";
import { queryKeys } from "@/components/query-keys";
import { fetchJson } from "@/components/reader/api-client";

/** Folders, sources, unread counts and health dots. */
export function useSidebarQuery() {
  return useQuery({
    queryKey: queryKeys.sidebar(),
    queryFn: ({ signal }) => fetchJson<Sidebar>("/api/sidebar", undefined, signal),
  });
}
