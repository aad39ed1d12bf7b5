"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReaderSettings } from "@/lib/settings/reader-settings";
import { queryKeys } from "@/components/query-keys";
import { fetchJson } from "@/components/reader/api-client";

export function useReaderSettingsQuery() {
  return useQuery({
    queryKey: queryKeys.readerSettings(),
    queryFn: ({ signal }) => fetchJson<ReaderSettings>("/api/settings/reader", undefined, signal),
    staleTime: Infinity,
  });
}
