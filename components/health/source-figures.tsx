// The headline figures of one source: what it cost to transfer, how fast it answers, how fresh it
// is (kept apart from whether requests succeed), and what the scheduler will do next and why.
import {
  formatBytes,
  formatDuration,
  formatMs,
  formatRelative,
  formatUtc,
} from "@/lib/reads/health/describe/format-figures";
import { MEDIAN_WINDOW_DAYS } from "@/lib/reads/health/get-median-duration";
import { findSpreadSeconds } from "@/lib/reads/health/describe-schedule";
import styles from "./figures.module.css";

export type SourceFiguresProps = {
  now: Date;
  bytesReceived30d: number;
  bytesSaved30d: number;
  medianMs: number | null;
  medianFetches: number;
  lastSuccessAt: Date | null;
  lastNewArticleAt: Date | null;
  intervalSeconds: number;
  lastFetchedAt: Date | null;
  nextDueAt: Date;
  nextCheckReason: string;
  enabled: boolean;
  breakerState: string;
  consecutiveErrors: number;
};

const BREAKER_WORDS: Record<string, string> = {
  closed: "closed (normal)",
  open: "open (probing now and then)",
  half_open: "half-open (probing)",
};

export function SourceFigures(props: SourceFiguresProps) {
  const { now } = props;
  // The next check may come later than the interval: the policy spreads sources out. Said here, so
  // that "interval 19 h 33 min" beside "next check in 21 h 58 min" does not read as a contradiction.
  const spread = findSpreadSeconds(props);
  const figures: Array<{ key: string; label: string; value: string; note?: string; title?: string }> = [
    {
      key: "bytes",
      label: "Transferred (30 d)",
      value: formatBytes(props.bytesReceived30d),
      note: "bytes on the wire, compressed",
    },
    {
      key: "saved",
      label: "Saved by 304s (30 d)",
      value: formatBytes(props.bytesSaved30d),
      note: "estimate: last full body per 304",
    },
    {
      key: "median",
      label: `Median response (${MEDIAN_WINDOW_DAYS} d)`,
      value: formatMs(props.medianMs),
      note: `${props.medianFetches} fetches`,
    },
    {
      key: "success",
      label: "Last success",
      value: formatRelative(props.lastSuccessAt, now),
      title: props.lastSuccessAt ? formatUtc(props.lastSuccessAt) : undefined,
      note: "any answer that was not an error",
    },
    {
      key: "fresh",
      label: "Last new article",
      value: formatRelative(props.lastNewArticleAt, now),
      title: props.lastNewArticleAt ? formatUtc(props.lastNewArticleAt) : undefined,
      note: "freshness, not request success",
    },
    {
      key: "interval",
      label: "Current interval",
      value: formatDuration(props.intervalSeconds),
      note:
        Math.abs(spread) >= 60
          ? `${spread > 0 ? "+" : "−"} ${formatDuration(Math.abs(spread))} of spread for the next check`
          : undefined,
    },
    {
      key: "next",
      label: "Next check",
      value: props.enabled ? formatRelative(props.nextDueAt, now) : "not scheduled",
      title: formatUtc(props.nextDueAt),
      note: props.nextCheckReason,
    },
    {
      key: "breaker",
      label: "Breaker",
      value: BREAKER_WORDS[props.breakerState] ?? props.breakerState,
      note: `${props.consecutiveErrors} consecutive error${props.consecutiveErrors === 1 ? "" : "s"}`,
    },
  ];
  return (
    <dl className={styles.grid}>
      {figures.map((figure) => (
        <div key={figure.key} className={styles.card} data-figure={figure.key}>
          <dt>{figure.label}</dt>
          <dd title={figure.title}>
            {figure.value}
            {figure.note ? <span className={styles.note}>{figure.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
