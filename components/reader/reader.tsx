"use client";

import { ClockProvider } from "@/components/reader/clock";
import { ToastProvider } from "@/components/reader/toast-provider";
import { ReaderShell } from "@/components/reader/reader-shell";

/** The reading place: sidebar, article list and reading view, driven by the URL and the keyboard. */
export function Reader({ serverNow }: { serverNow: string }) {
  return (
    <ClockProvider serverNow={serverNow}>
      <ToastProvider>
        <ReaderShell />
      </ToastProvider>
    </ClockProvider>
  );
}
