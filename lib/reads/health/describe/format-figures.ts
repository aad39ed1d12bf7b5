// Formatting for the health pages: times in UTC (the server does not know the reader's zone,
// and the same string on server and client avoids hydration mismatches), relative ages, shares.
import { formatBytes } from "@/lib/pipeline/fetch/format-bytes";
import { formatDuration } from "@/lib/pipeline/policy/format";

export { formatBytes, formatDuration };

/** "2026-11-30 06:05 UTC". */
export function formatUtc(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "2026-11-30 06:05:07 UTC": for the fetch log, where seconds tell fetches apart. */
export function formatUtcSeconds(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** "3 min ago", "in 2 h", "just now"; "never" for null. */
export function formatRelative(date: Date | null, now: Date): string {
  if (date === null) return "never";
  const seconds = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(seconds) < 30) return "just now";
  const text = formatDuration(Math.abs(seconds));
  return seconds < 0 ? `${text} ago` : `in ${text}`;
}

/** "42%", "0.5%", "–" for an unknown share. */
export function formatShare(share: number | null): string {
  if (share === null) return "–";
  const percent = share * 100;
  if (percent > 0 && percent < 1) return `${percent.toFixed(1)}%`;
  return `${Math.round(percent)}%`;
}

/** "120 ms", "2.4 s". */
export function formatMs(ms: number | null): string {
  if (ms === null) return "–";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** How late a scheduled fetch started: "on time" (early by the due tolerance, or within a second), "4.2 s", "14 min"; "–" unscheduled. */
export function formatDrift(ms: number | null): string {
  if (ms === null) return "–";
  if (ms < 1000) return "on time";
  return ms < 60_000 ? formatMs(ms) : formatDuration(ms / 1000);
}
