import { formatRelative, formatUtc } from "@/lib/reads/health/describe/format-figures";

/** "2026-11-28 06:05 UTC (3 d ago)": when the current run of failed fetches began. */
export function FailingSince({ since, now }: { since: Date; now: Date }) {
  return (
    <time dateTime={since.toISOString()} data-failing-since-at={since.toISOString()}>
      {formatUtc(since)} ({formatRelative(since, now)})
    </time>
  );
}
