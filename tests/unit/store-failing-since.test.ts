import { describe, expect, it } from "vitest";
import { decideNext, DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import type { Observation } from "@/lib/pipeline/policy/types";
import { nextFailingSince } from "@/lib/pipeline/store/fetch/failing-since";
import { observation, scheduleState } from "@/tests/helpers/policy-fixtures";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const STARTED = new Date("2026-03-10T11:59:58.000Z");
const EARLIER = new Date("2026-03-08T09:00:00.000Z");

const OBSERVED: Record<string, Partial<Observation>> = {
  "a 304": { outcome: "not_modified", httpStatus: 304 },
  "a 200": { outcome: "ok", httpStatus: 200, newArticles: 2 },
  "a 503": { outcome: "error", errorKind: "http_5xx", httpStatus: 503 },
  "a 404": { outcome: "error", errorKind: "not_found", httpStatus: 404 },
  "an unparsable body": { outcome: "error", errorKind: "parse", httpStatus: 200 },
  "a 410": { outcome: "error", errorKind: "gone", httpStatus: 410 },
  "a 429": { outcome: "error", errorKind: "rate_limited", httpStatus: 429, retryAfter: "120" },
  "our database failing": { outcome: "error", errorKind: "database", httpStatus: 200 },
  "a refused connection in an offline round": { outcome: "error", errorKind: "connect", offline: true },
  "a refused connection in a normal round": { outcome: "error", errorKind: "connect" },
};

/** The whole path a fetch takes: the policy's decision, then the store's rule on its counts. */
function failingSinceAfter(
  name: string,
  before: { consecutiveErrors: number; failingSince: Date | null },
): Date | null {
  const state = scheduleState({ consecutiveErrors: before.consecutiveErrors, lastSuccessAt: EARLIER });
  const decision = decideNext(state, observation(OBSERVED[name]), NOW, DEFAULT_POLICY_SETTINGS, () => 0);
  return nextFailingSince({ before, consecutiveErrors: decision.next.consecutiveErrors, fetchStartedAt: STARTED });
}

describe("failing since: the start of the current run of counted errors", () => {
  // [fetch, on a healthy source, on a source failing since EARLIER (2 errors)]
  const cases: Array<[string, Date | null, Date | null]> = [
    ["a 304", null, null],
    ["a 200", null, null],
    ["a 503", STARTED, EARLIER],
    ["a 404", STARTED, EARLIER],
    ["an unparsable body", STARTED, EARLIER],
    ["a 410", STARTED, EARLIER],
    ["a 429", null, EARLIER],
    ["our database failing", null, EARLIER],
    ["a refused connection in an offline round", null, EARLIER],
    ["a refused connection in a normal round", STARTED, EARLIER],
  ];
  it.each(cases)("after %s: %s on a healthy source, %s on a failing one", (name, fromHealthy, fromFailing) => {
    expect(failingSinceAfter(name, { consecutiveErrors: 0, failingSince: null })).toEqual(fromHealthy);
    expect(failingSinceAfter(name, { consecutiveErrors: 2, failingSince: EARLIER })).toEqual(fromFailing);
  });

  it("starts a new run after a reset count even when an old start was left behind", () => {
    expect(
      nextFailingSince({
        before: { consecutiveErrors: 0, failingSince: EARLIER },
        consecutiveErrors: 1,
        fetchStartedAt: STARTED,
      }),
    ).toEqual(STARTED);
  });

  it("dates a run that began before the column existed (and the log could not date) from this fetch", () => {
    expect(
      nextFailingSince({
        before: { consecutiveErrors: 3, failingSince: null },
        consecutiveErrors: 4,
        fetchStartedAt: STARTED,
      }),
    ).toEqual(STARTED);
  });
});
