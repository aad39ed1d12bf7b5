import { describe, expect, it } from "vitest";
import {
  DRIFT_P95_LIMIT_MS,
  FLEET_ALERT_RULES,
  MIN_CONDITIONAL,
  MIN_DRIFT_FETCHES,
  SOURCE_ALERT_RULES,
  type DailyCounts,
  type RecentFetch,
  type SourceAlertInput,
} from "@/lib/features/alerts/alert-rules";
import type { AlertKind } from "@/lib/base/alert-kinds";
import { planAlertChanges } from "@/lib/features/alerts/plan-alert-changes";

const NOW = new Date("2026-12-01T12:00:00Z");
const HOUR = 3600_000;

const healthy: SourceAlertInput = {
  now: NOW,
  enabled: true,
  disabledReason: null,
  breakerState: "closed",
  consecutiveErrors: 0,
  lastErrorKind: null,
  failingSince: null,
  daily: [],
  recentFetches: [],
  fullSizes: [],
};

/** `days` days ago, as FetchDaily writes it. */
const day = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 24 * HOUR).toISOString().slice(0, 10);
/** One roll-up per day over [from, to] days ago, each with these counts. */
const days = (from: number, to: number, counts: Omit<DailyCounts, "day">): DailyCounts[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ day: day(from + index), ...counts }));

const churned = (etag: string): RecentFetch => ({
  outcome: "ok",
  bodyUnchanged: true,
  etagReceived: etag,
  lastModifiedReceived: null,
});

function judge(kind: AlertKind, input: Partial<SourceAlertInput>): string | null {
  const rule = SOURCE_ALERT_RULES.find((candidate) => candidate.kind === kind)!;
  return rule.evaluate({ ...healthy, ...input });
}

describe("the source alert rules", () => {
  const cases: Array<{ name: string; kind: AlertKind; input: Partial<SourceAlertInput>; reason: RegExp | null }> = [
    // broken
    { name: "a healthy source", kind: "broken", input: {}, reason: null },
    { name: "gone (410)", kind: "broken", input: { enabled: false, disabledReason: "gone" }, reason: /410 Gone/ },
    { name: "disabled by the user", kind: "broken", input: { enabled: false, disabledReason: "user" }, reason: null },
    {
      name: "breaker open",
      kind: "broken",
      input: { breakerState: "open", consecutiveErrors: 5, lastErrorKind: "timeout" },
      reason: /breaker opened after 5 errors in a row \(last error: timeout\)/,
    },
    {
      name: "breaker half-open (probing)",
      kind: "broken",
      input: { breakerState: "half_open", consecutiveErrors: 6 },
      reason: /breaker opened/,
    },
    {
      name: "failing for 23 h",
      kind: "broken",
      input: { consecutiveErrors: 3, failingSince: new Date(NOW.getTime() - 23 * HOUR) },
      reason: null,
    },
    {
      name: "failing for exactly 24 h",
      kind: "broken",
      input: { consecutiveErrors: 3, failingSince: new Date(NOW.getTime() - 24 * HOUR) },
      reason: null,
    },
    {
      name: "failing for 25 h",
      kind: "broken",
      input: { consecutiveErrors: 3, lastErrorKind: "http_5xx", failingSince: new Date(NOW.getTime() - 25 * HOUR) },
      reason: /failed for 25 h, since 2026-11-30T11:00:00.000Z \(last error: http_5xx\)/,
    },
    // 304 ratio drop
    {
      name: "304 share 90% then 10%",
      kind: "not_modified_drop",
      input: {
        daily: [
          ...days(0, 6, { notModified: 1, conditional: 10 }),
          ...days(7, 36, { notModified: 9, conditional: 10 }),
        ],
      },
      reason: /fell from 90% .*300 requests.* to 10% \(last 7 days, 70 requests\)/,
    },
    {
      name: "304 share 90% then 50% (not under half)",
      kind: "not_modified_drop",
      input: {
        daily: [
          ...days(0, 6, { notModified: 5, conditional: 10 }),
          ...days(7, 36, { notModified: 9, conditional: 10 }),
        ],
      },
      reason: null,
    },
    {
      name: "304 share 80% then 39%",
      kind: "not_modified_drop",
      input: {
        daily: [
          ...days(0, 6, { notModified: 39, conditional: 100 }),
          ...days(7, 36, { notModified: 80, conditional: 100 }),
        ],
      },
      reason: /fell from 80%/,
    },
    {
      name: "a drop on too few recent requests",
      kind: "not_modified_drop",
      input: {
        daily: [
          { day: day(0), notModified: 0, conditional: MIN_CONDITIONAL - 1 },
          ...days(7, 36, { notModified: 9, conditional: 10 }),
        ],
      },
      reason: null,
    },
    {
      name: "a drop against too few baseline requests",
      kind: "not_modified_drop",
      input: {
        daily: [
          ...days(0, 6, { notModified: 0, conditional: 10 }),
          { day: day(20), notModified: 9, conditional: MIN_CONDITIONAL - 1 },
        ],
      },
      reason: null,
    },
    {
      name: "the minimum exactly, in both windows",
      kind: "not_modified_drop",
      input: {
        daily: [
          { day: day(0), notModified: 0, conditional: MIN_CONDITIONAL },
          { day: day(7), notModified: MIN_CONDITIONAL, conditional: MIN_CONDITIONAL },
        ],
      },
      reason: /fell from 100%/,
    },
    {
      name: "a baseline that never got 304",
      kind: "not_modified_drop",
      input: {
        daily: [
          ...days(0, 6, { notModified: 0, conditional: 10 }),
          ...days(7, 36, { notModified: 0, conditional: 10 }),
        ],
      },
      reason: null,
    },
    {
      name: "days rolled up before the conditional count existed do not count",
      kind: "not_modified_drop",
      input: {
        daily: [
          ...days(0, 6, { notModified: 2, conditional: 10 }),
          ...days(7, 20, { notModified: 30, conditional: 0 }),
          { day: day(21), notModified: 30, conditional: 12 },
        ],
      },
      reason: null,
    },
    {
      name: "rows older than 37 days do not count",
      kind: "not_modified_drop",
      input: {
        daily: [
          ...days(0, 6, { notModified: 0, conditional: 10 }),
          ...days(37, 60, { notModified: 10, conditional: 10 }),
        ],
      },
      reason: null,
    },
    // validator churn
    {
      name: "three churned 200s after a fourth fetch",
      kind: "validator_churn",
      input: { recentFetches: [churned("v4"), churned("v3"), churned("v2"), churned("v1")] },
      reason: /last 3 fetches each got new validators/,
    },
    {
      name: "only three fetches in all",
      kind: "validator_churn",
      input: { recentFetches: [churned("v3"), churned("v2"), churned("v1")] },
      reason: null,
    },
    {
      name: "the same ETag twice in the run",
      kind: "validator_churn",
      input: { recentFetches: [churned("v4"), churned("v3"), churned("v3"), churned("v1")] },
      reason: null,
    },
    {
      name: "a 304 newest",
      kind: "validator_churn",
      input: {
        recentFetches: [
          { outcome: "not_modified", bodyUnchanged: false, etagReceived: "v4", lastModifiedReceived: null },
          churned("v3"),
          churned("v2"),
          churned("v1"),
        ],
      },
      reason: null,
    },
    {
      name: "a changed body in the run (new content, new ETag: correct)",
      kind: "validator_churn",
      input: {
        recentFetches: [churned("v4"), { ...churned("v3"), bodyUnchanged: false }, churned("v2"), churned("v1")],
      },
      reason: null,
    },
    {
      name: "no validators at all",
      kind: "validator_churn",
      input: {
        recentFetches: [churned("x"), churned("x"), churned("x"), churned("x")].map((row) => ({
          ...row,
          etagReceived: null,
        })),
      },
      reason: null,
    },
    {
      name: "Last-Modified churning alone",
      kind: "validator_churn",
      input: {
        recentFetches: ["4", "3", "2", "1"].map((n) => ({
          outcome: "ok",
          bodyUnchanged: true,
          etagReceived: null,
          lastModifiedReceived: `Mon, 01 Jan 2024 10:0${n}:00 GMT`,
        })),
      },
      reason: /new validators/,
    },
    // size jump
    {
      name: "6× the median",
      kind: "size_jump",
      input: { fullSizes: [6000, 1000, 1000, 1000] },
      reason: /5.9 KiB, 6.0× its 30-day median of 1000 bytes/,
    },
    { name: "exactly 5× the median", kind: "size_jump", input: { fullSizes: [5000, 1000, 1000, 1000] }, reason: null },
    {
      name: "a jump on two earlier samples only",
      kind: "size_jump",
      input: { fullSizes: [6000, 1000, 1000] },
      reason: null,
    },
    {
      name: "the median, not the mean (one earlier outlier)",
      kind: "size_jump",
      input: { fullSizes: [6000, 1000, 1000, 100_000] },
      reason: /median of 1000 bytes/,
    },
    { name: "no full responses", kind: "size_jump", input: {}, reason: null },
  ];
  it.each(cases)("$kind: $name", ({ kind, input, reason }) => {
    const verdict = judge(kind, input);
    if (reason === null) expect(verdict).toBeNull();
    else expect(verdict).toMatch(reason);
  });

  it("has one rule per source kind, in one table", () => {
    expect(SOURCE_ALERT_RULES.map((rule) => rule.kind)).toEqual([
      "broken",
      "not_modified_drop",
      "validator_churn",
      "size_jump",
    ]);
  });
});

describe("the fleet drift rule", () => {
  const [rule] = FLEET_ALERT_RULES;
  it.each([
    { drift: null, active: false },
    { drift: { fetches: 100, p95Ms: DRIFT_P95_LIMIT_MS }, active: false },
    { drift: { fetches: 100, p95Ms: DRIFT_P95_LIMIT_MS + 1 }, active: true },
    { drift: { fetches: MIN_DRIFT_FETCHES - 1, p95Ms: 60 * 60_000 }, active: false },
    { drift: { fetches: MIN_DRIFT_FETCHES, p95Ms: 22 * 60_000 }, active: true },
  ])("drift $drift: active $active", ({ drift, active }) => {
    const verdict = rule!.evaluate({ drift });
    expect(verdict !== null).toBe(active);
    if (drift?.p95Ms === 22 * 60_000)
      expect(verdict).toMatch(/started 22 min or more after it was due \(p95 of 20 fetches .* limit is 15 min/);
  });
});

describe("planning the changes", () => {
  const open = [
    { id: 7, kind: "broken" as const, sourceId: 1 },
    { id: 8, kind: "fleet_drift" as const, sourceId: null },
  ];
  it.each([
    {
      name: "a new condition starts",
      verdicts: [{ kind: "size_jump" as const, sourceId: 1, reason: "big" }],
      start: [{ kind: "size_jump", sourceId: 1, reason: "big" }],
      clear: [],
    },
    {
      name: "an open condition that still holds starts nothing",
      verdicts: [{ kind: "broken" as const, sourceId: 1, reason: "still" }],
      start: [],
      clear: [],
    },
    {
      name: "an open condition that ended clears",
      verdicts: [{ kind: "broken" as const, sourceId: 1, reason: null }],
      start: [],
      clear: [open[0]],
    },
    {
      name: "the same kind on another source is another alert",
      verdicts: [{ kind: "broken" as const, sourceId: 2, reason: "x" }],
      start: [{ kind: "broken", sourceId: 2, reason: "x" }],
      clear: [],
    },
    { name: "a subject not evaluated keeps its alert open", verdicts: [], start: [], clear: [] },
    {
      name: "the fleet alert clears on its own verdict",
      verdicts: [{ kind: "fleet_drift" as const, sourceId: null, reason: null }],
      start: [],
      clear: [open[1]],
    },
  ])("$name", ({ verdicts, start, clear }) => {
    expect(planAlertChanges(open, verdicts)).toEqual({ start, clear });
  });
});
