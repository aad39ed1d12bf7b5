// The health rules that raise alerts (seed 002: "alert on sudden drops in 304 ratio, repeated
// validator churn, or unusual increases in response size"), in ONE pure table: no I/O, no clock
// (`now` is an input). lib/features/alerts/read-alert-inputs.ts reads what they need; the store keeps each
// alert's episode (lib/features/alerts/alert-store.ts). A rule answers a plain-words reason while its condition
// holds, null when it does not.
import { computeMedian } from "@/lib/reads/health/rules/compute-median";
import { formatBytes } from "@/lib/pipeline/fetch/format-bytes";
import type { AlertKind } from "@/lib/base/alert-kinds";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A run of failures this long is "broken" even while the breaker is still closed. */
export const FAILING_FOR_MS = 24 * HOUR_MS;
/** The 304 ratio's two windows: the last 7 days against the 30 before them. */
export const RECENT_DAYS = 7;
export const BASELINE_DAYS = 30;
/** Conditional requests each window needs before its ratio counts: one fetch is not a trend. */
export const MIN_CONDITIONAL = 10;
/** Validator churn: this many 200s in a row, each with new validators and the same body. */
export const CHURN_RUN = 3;
/** A response this many times its 30-day median size is a jump... */
export const SIZE_FACTOR = 5;
/** ...once the median rests on this many earlier full responses. */
export const MIN_SIZE_SAMPLES = 3;
export const SIZE_WINDOW_DAYS = 30;
/** The fleet's schedule drift p95 (last 24 h) above this: the rounds do not keep up. */
export const DRIFT_P95_LIMIT_MS = 15 * 60 * 1000;
/** A p95 needs 20 fetches to mean "1 in 20": below that it is the one latest fetch. */
export const MIN_DRIFT_FETCHES = 20;

/** A day's roll-up (FetchDaily): its UTC day and counts. */
export type DailyCounts = { day: string; notModified: number; conditional: number };
/** A fetch row, newest first. */
export type RecentFetch = {
  outcome: string;
  bodyUnchanged: boolean;
  etagReceived: string | null;
  lastModifiedReceived: string | null;
};

export type SourceAlertInput = {
  now: Date;
  enabled: boolean;
  disabledReason: string | null;
  breakerState: string;
  consecutiveErrors: number;
  lastErrorKind: string | null;
  /** When the current run of failures began (Source.failingSince); null while none runs. */
  failingSince: Date | null;
  /** FetchDaily rows of the last RECENT_DAYS + BASELINE_DAYS days (any order). */
  daily: readonly DailyCounts[];
  /** The newest fetch rows, newest first (at least CHURN_RUN + 1 to judge churn). */
  recentFetches: readonly RecentFetch[];
  /** Sizes of the full (200) responses of the last SIZE_WINDOW_DAYS, newest first. */
  fullSizes: readonly number[];
};

export type FleetAlertInput = {
  /** Schedule drift over the last 24 h (lib/reads/health/read-fleet-drift.ts); null without scheduled fetches. */
  drift: { fetches: number; p95Ms: number } | null;
};

type Rule<Input> = { kind: AlertKind; evaluate: (input: Input) => string | null };

export const SOURCE_ALERT_RULES: readonly Rule<SourceAlertInput>[] = [
  { kind: "broken", evaluate: judgeBroken },
  { kind: "not_modified_drop", evaluate: judgeNotModifiedDrop },
  { kind: "validator_churn", evaluate: judgeValidatorChurn },
  { kind: "size_jump", evaluate: judgeSizeJump },
];

export const FLEET_ALERT_RULES: readonly Rule<FleetAlertInput>[] = [{ kind: "fleet_drift", evaluate: judgeFleetDrift }];

function judgeBroken(input: SourceAlertInput): string | null {
  if (!input.enabled)
    return input.disabledReason === "gone" ? "the publisher answered 410 Gone: Tidings stopped polling it" : null;
  const last = input.lastErrorKind === null ? "" : ` (last error: ${input.lastErrorKind})`;
  // The reason is written once, when the alert starts, while the count goes on growing in the
  // source's schedule ("breaker open after 6 errors"): said as what happened then, in the same
  // words ("opened after 5 errors"), it stays true beside the live count.
  if (input.breakerState !== "closed")
    return `the circuit breaker opened after ${input.consecutiveErrors} errors in a row${last}: only a probe now and then`;
  if (input.failingSince === null) return null;
  const failingMs = input.now.getTime() - input.failingSince.getTime();
  return failingMs > FAILING_FOR_MS
    ? `every fetch has failed for ${Math.floor(failingMs / HOUR_MS)} h, since ${input.failingSince.toISOString()}${last}`
    : null;
}

function judgeNotModifiedDrop(input: SourceAlertInput): string | null {
  const recentFrom = dayOffset(input.now, RECENT_DAYS - 1);
  const baselineFrom = dayOffset(input.now, RECENT_DAYS + BASELINE_DAYS - 1);
  const recent = sumWindow(input.daily.filter((row) => row.day >= recentFrom));
  const baseline = sumWindow(input.daily.filter((row) => row.day >= baselineFrom && row.day < recentFrom));
  if (recent.conditional < MIN_CONDITIONAL || baseline.conditional < MIN_CONDITIONAL) return null;
  const recentRatio = recent.notModified / recent.conditional;
  const baselineRatio = baseline.notModified / baseline.conditional;
  if (!(recentRatio < baselineRatio / 2)) return null;
  return `the share of conditional requests answered 304 fell from ${percent(baselineRatio)} (the ${BASELINE_DAYS} days before, ${baseline.conditional} requests) to ${percent(recentRatio)} (last ${RECENT_DAYS} days, ${recent.conditional} requests): the publisher may have stopped honouring validators`;
}

function judgeValidatorChurn(input: SourceAlertInput): string | null {
  const rows = input.recentFetches.slice(0, CHURN_RUN + 1);
  if (rows.length < CHURN_RUN + 1) return null;
  for (let index = 0; index < CHURN_RUN; index += 1) {
    const row = rows[index]!;
    const newValidators = validatorsOf(row);
    if (
      row.outcome !== "ok" ||
      !row.bodyUnchanged ||
      newValidators === null ||
      newValidators === validatorsOf(rows[index + 1]!)
    )
      return null;
  }
  return `the last ${CHURN_RUN} fetches each got new validators (ETag / Last-Modified) with the same body: the publisher's validators change on every request, so no request can be answered 304`;
}

function judgeSizeJump(input: SourceAlertInput): string | null {
  const [latest, ...earlier] = input.fullSizes;
  if (latest === undefined || earlier.length < MIN_SIZE_SAMPLES) return null;
  const median = computeMedian(earlier)!;
  if (median <= 0 || latest <= SIZE_FACTOR * median) return null;
  return `the last full response was ${formatBytes(latest)}, ${(latest / median).toFixed(1)}× its ${SIZE_WINDOW_DAYS}-day median of ${formatBytes(Math.round(median))}`;
}

function judgeFleetDrift(input: FleetAlertInput): string | null {
  const { drift } = input;
  if (drift === null || drift.fetches < MIN_DRIFT_FETCHES || drift.p95Ms <= DRIFT_P95_LIMIT_MS) return null;
  return `1 fetch in 20 started ${Math.round(drift.p95Ms / 60_000)} min or more after it was due (p95 of ${drift.fetches} fetches in the last 24 h; the limit is ${DRIFT_P95_LIMIT_MS / 60_000} min): the rounds do not keep up with the sources`;
}

/** The UTC day `days` days before `now`, as FetchDaily writes it (YYYY-MM-DD). */
function dayOffset(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
}

function sumWindow(rows: readonly DailyCounts[]): { notModified: number; conditional: number } {
  // A day counted before FetchDaily.conditional existed (migration 0012) has 304s and no
  // conditional count, or too small a one on the day of the upgrade: such days are left out, or
  // they would inflate the baseline into a false drop.
  return rows
    .filter((row) => row.conditional >= row.notModified)
    .reduce(
      (sum, row) => ({
        notModified: sum.notModified + row.notModified,
        conditional: sum.conditional + row.conditional,
      }),
      { notModified: 0, conditional: 0 },
    );
}

function validatorsOf(row: RecentFetch): string | null {
  return row.etagReceived === null && row.lastModifiedReceived === null
    ? null
    : `${row.etagReceived ?? ""}\n${row.lastModifiedReceived ?? ""}`;
}

function percent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}
