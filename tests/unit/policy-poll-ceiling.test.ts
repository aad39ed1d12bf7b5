// A source's own "check at least every" (Source.maxIntervalSeconds): it caps the interval between
// successful polls, but never below the floor (the publisher's included), and never shortens a
// Retry-After hold or an error backoff.
import { describe, expect, it } from "vitest";
import { observation, scheduleState } from "@/tests/helpers/policy-fixtures";
import { decideNext, DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import { computePollCeiling } from "@/lib/pipeline/policy/effective-floor";
import type { Decision, Observation, ScheduleState } from "@/lib/pipeline/policy";

const NOW = new Date("2025-03-02T12:00:00.000Z");
const S = DEFAULT_POLICY_SETTINGS;
const HOUR = 3600;
const ALMOST_ONE = () => 0.999999;
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const decide = (state: Partial<ScheduleState>, seen: Partial<Observation>): Decision =>
  decideNext(scheduleState({ lastSuccessAt: ago(HOUR), ...state }), observation(seen), NOW, S, ALMOST_ONE);
const waitSeconds = (decision: Decision) => (decision.nextDueAt.getTime() - NOW.getTime()) / 1000;

describe("computePollCeiling", () => {
  it.each([
    ["none set: the global maximum", null, HOUR, S.maxIntervalSeconds],
    ["within the bounds: as set", 2 * HOUR, HOUR, 2 * HOUR],
    ["below the floor: the floor", 30 * 60, 3 * HOUR, 3 * HOUR],
    ["above the global maximum: the maximum", 7 * 24 * HOUR, HOUR, S.maxIntervalSeconds],
  ])("%s", (_name, max, floor, expected) => {
    expect(computePollCeiling(max, floor, S)).toBe(expected);
  });
});

describe("a source checked at least every 2 h", () => {
  it("stops a quiet feed's interval growing past 2 h, jitter included, and says so", () => {
    const decision = decide(
      { maxIntervalSeconds: 2 * HOUR, intervalSeconds: 2 * HOUR, consecutiveNotModified: 40 },
      { outcome: "not_modified", httpStatus: 304 },
    );
    expect(decision.next.intervalSeconds).toBe(2 * HOUR);
    expect(waitSeconds(decision)).toBeLessThanOrEqual(2 * HOUR);
    expect(decision.reason).toBe("not modified (HTTP 304); checking every 2 h (this source's maximum)");
    // Without the setting the same feed has grown to the day's maximum.
    const global = decide({ intervalSeconds: 20 * HOUR, consecutiveNotModified: 40 }, { outcome: "not_modified" });
    expect(global.next.intervalSeconds).toBe(S.maxIntervalSeconds);
  });

  it("starts a feed with old items at 2 h, not at the day's maximum", () => {
    const decision = decide(
      { maxIntervalSeconds: 2 * HOUR, lastSuccessAt: null },
      { outcome: "ok", httpStatus: 200, newArticles: 3, itemDates: [ago(300 * 24 * HOUR), ago(330 * 24 * HOUR)] },
    );
    expect(decision.next.intervalSeconds).toBe(2 * HOUR);
    expect(waitSeconds(decision)).toBeLessThanOrEqual(2 * HOUR);
  });

  it("waits for a publisher's longer floor (max-age of 3 h)", () => {
    const decision = decide(
      { maxIntervalSeconds: 2 * HOUR, intervalSeconds: 3 * HOUR, consecutiveNotModified: 40 },
      { outcome: "not_modified", httpStatus: 304, cacheControl: "max-age=10800" },
    );
    expect(decision.next.intervalSeconds).toBe(3 * HOUR);
    expect(waitSeconds(decision)).toBeGreaterThanOrEqual(3 * HOUR);
  });

  it("never shortens a Retry-After hold of 5 h", () => {
    const decision = decide(
      { maxIntervalSeconds: 2 * HOUR },
      { outcome: "error", errorKind: "rate_limited", httpStatus: 429, retryAfter: String(5 * HOUR) },
    );
    expect(waitSeconds(decision)).toBeGreaterThanOrEqual(5 * HOUR);
  });
});
