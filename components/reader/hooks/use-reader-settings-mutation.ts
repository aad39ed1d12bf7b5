"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReaderSettings } from "@/lib/settings/reader-settings";
import { queryKeys } from "@/components/query-keys";
import { fetchJson } from "@/components/reader/api-client";
import { useToast } from "@/components/reader/toast-provider";

export function useReaderSettingsMutation() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (settings: ReaderSettings) =>
      fetchJson<ReaderSettings>("/api/settings/reader", { method: "PUT", body: settings }),
    onMutate: async (settings) => {
      // A read of the settings still in flight would land after this and undo the change on screen.
      await client.cancelQueries({ queryKey: queryKeys.readerSettings() });
      const before = client.getQueryData<ReaderSettings>(queryKeys.readerSettings());
      client.setQueryData(queryKeys.readerSettings(), settings);
      return { before };
    },
    onError: (error, _settings, context) => {
      client.setQueryData(queryKeys.readerSettings(), context?.before);
      toast({ tone: "error", message: `Could not save the setting: ${error.message}` });
    },
    onSuccess: (settings) => client.setQueryData(queryKeys.readerSettings(), settings),
  });
}
