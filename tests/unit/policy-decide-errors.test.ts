import { observation, scheduleState } from "@/tests/helpers/policy-fixtures";
import { describe, expect, it } from "vitest";
import { decideNext, DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import type { ErrorKind } from "@/lib/pipeline/fetch/types";
import type { Decision, Observation, ScheduleState } from "@/lib/pipeline/policy";

// Failed fetches: backoff, 404/410, Retry-After, the circuit breaker and the offline guard.

const NOW = new Date("2025-03-02T12:00:00.000Z");
const S = DEFAULT_POLICY_SETTINGS;
const ZERO = () => 0;
const ALMOST_ONE = () => 0.999999;

function makeState(overrides: Partial<ScheduleState> = {}): ScheduleState {
  return scheduleState({
    feedUrl: "https://example.com/feed.xml",
    consecutiveNotModified: 2,
    lastSuccessAt: new Date("2025-03-02T09:00:00.000Z"),
    ...overrides,
  });
}

function fail(errorKind: ErrorKind, httpStatus: number | null, overrides: Partial<Observation> = {}): Observation {
  return observation({ outcome: "error", errorKind, httpStatus, ...overrides });
}

const decide = (state: ScheduleState, observation: Observation, random = ZERO, settings = S) =>
  decideNext(state, observation, NOW, settings, random);
const waitSeconds = (decision: Decision) => (decision.nextDueAt.getTime() - NOW.getTime()) / 1000;
const OPENED_AT = new Date("2025-03-01T08:00:00.000Z");
const OPEN = { breakerState: "open", breakerChangedAt: OPENED_AT, breakerCooldownSeconds: 3600 } as const;

describe("transient errors back off exponentially: 2, 4, 8, 16 min", () => {
  it.each<[number, ErrorKind, number | null, number, string]>([
    [0, "http_5xx", 503, 120, "backoff after 1 error (HTTP 503); next try at 12:02 UTC"],
    [1, "timeout", null, 240, "backoff after 2 errors (timeout); next try at 12:04 UTC"],
    [2, "http_5xx", 503, 480, "backoff after 3 errors (HTTP 503); next try at 12:08 UTC"],
    [3, "dns", null, 960, "backoff after 4 errors (dns); next try at 12:16 UTC"],
  ])("after %i errors, a %s waits %i s", (before, kind, status, wait, reason) => {
    const decision = decide(makeState({ consecutiveErrors: before }), fail(kind, status));
    expect(waitSeconds(decision)).toBe(wait);
    expect(decision.reason).toBe(reason);
    expect(decision.next.consecutiveErrors).toBe(before + 1);
    expect(decision.next.consecutiveNotModified).toBe(2);
    expect(decision.next.intervalSeconds).toBe(3600);
    expect(decision.next.breakerState).toBe("closed");
  });

  it("is capped at backoffCapSeconds (6 h) when the breaker threshold is raised", () => {
    const settings = { ...S, breakerThreshold: 50 };
    const decision = decide(makeState({ consecutiveErrors: 9 }), fail("http_5xx", 500), ZERO, settings);
    expect(waitSeconds(decision)).toBe(6 * 3600);
  });

  it("is jittered by +0..20%", () => {
    expect(waitSeconds(decide(makeState({ consecutiveErrors: 2 }), fail("http_5xx", 503), ALMOST_ONE))).toBe(575.999);
  });
});

describe("a database error is Tidings' own fault, never the publisher's", () => {
  it.each([
    ["closed", 0, null, null],
    ["closed", 4, null, null],
    ["open", 7, OPENED_AT, 3600],
  ] as const)(
    "with the breaker %s after %i errors: nothing counted, retried after the floor",
    (breakerState, errors, changedAt, cooldown) => {
      const state = makeState({
        consecutiveErrors: errors,
        breakerState,
        breakerChangedAt: changedAt,
        breakerCooldownSeconds: cooldown,
      });
      const decision = decide(state, fail("database", null));
      expect(waitSeconds(decision)).toBe(3600);
      expect(decision.reason).toBe("Tidings' own database failed to store the result; retrying at 13:00 UTC");
      expect(decision.next).toMatchObject({
        consecutiveErrors: errors,
        breakerState,
        breakerChangedAt: changedAt,
        breakerCooldownSeconds: cooldown,
        consecutiveNotModified: 2,
      });
      expect(decision.events).toEqual([]);
    },
  );
});

describe("configuration errors back off too, but never sooner than a normal poll", () => {
  it.each<[ErrorKind, number | null]>([
    ["not_found", 404],
    ["http_4xx", 403],
    ["redirect_loop", 301],
    ["blocked", null],
  ])("%s waits at least the floor and counts toward the breaker", (kind, status) => {
    const decision = decide(makeState(), fail(kind, status));
    expect(waitSeconds(decision)).toBe(3600);
    expect(decision.next.consecutiveErrors).toBe(1);
    expect(decision.next.enabled).toBe(true);
  });

  it("is jittered on the whole wait, floor included (unlike a success at the floor)", () => {
    expect(waitSeconds(decide(makeState(), fail("not_found", 404), ALMOST_ONE))).toBe(4319.999);
  });

  it("a 404 is not terminal: the source stays enabled and keeps being retried", () => {
    const decision = decide(makeState({ consecutiveErrors: 2 }), fail("not_found", 404));
    expect([decision.next.enabled, decision.next.disabledReason, decision.events]).toEqual([true, null, []]);
    expect(decision.reason).toBe("backoff after 3 errors (HTTP 404); next try at 13:00 UTC");
  });
});

describe("content errors (a refused body) have their own backoff: the floor, doubling to the maximum", () => {
  it.each<[ErrorKind, number, number, string]>([
    ["too_large", 0, 3600, "content backoff after 1 error (too large): waiting 1 h; next try at 13:00 UTC"],
    ["parse", 1, 7200, "content backoff after 2 errors (unparsable): waiting 2 h; next try at 14:00 UTC"],
    ["not_a_feed", 2, 4 * 3600, "content backoff after 3 errors (not a feed): waiting 4 h; next try at 16:00 UTC"],
    [
      "too_large",
      4,
      16 * 3600,
      "content backoff after 5 errors (too large): waiting 16 h; next try at 2025-03-03 04:00 UTC",
    ],
    [
      "parse",
      5,
      24 * 3600,
      "content backoff after 6 errors (unparsable): waiting 1 d (maximum); next try at 2025-03-03 12:00 UTC",
    ],
    [
      "not_a_feed",
      40,
      24 * 3600,
      "content backoff after 41 errors (not a feed): waiting 1 d (maximum); next try at 2025-03-03 12:00 UTC",
    ],
  ])("a %s after %i errors waits %i s and never opens the breaker", (kind, before, wait, reason) => {
    const decision = decide(makeState({ consecutiveErrors: before }), fail(kind, 200));
    expect(waitSeconds(decision)).toBe(wait);
    expect(decision.reason).toBe(reason);
    expect(decision.next.consecutiveErrors).toBe(before + 1);
    expect([decision.next.breakerState, decision.events]).toEqual(["closed", []]);
  });

  it("a 304 to a refused body's validators (outcome error, status 304) backs off the same way", () => {
    expect(waitSeconds(decide(makeState({ consecutiveErrors: 1 }), fail("too_large", 304)))).toBe(7200);
  });

  it("a probe of an open breaker that meets a refused body stays under the breaker's cooldown", () => {
    const decision = decide(makeState({ consecutiveErrors: 5, ...OPEN }), fail("parse", 200));
    expect(decision.next.breakerState).toBe("open");
    expect(decision.next.breakerCooldownSeconds).toBe(7200);
  });
});

describe("410 Gone disables the source", () => {
  it("with a disabled event, a reason and a due time one maximum interval out", () => {
    const decision = decide(makeState(), fail("gone", 410), ALMOST_ONE);
    expect(decision.next.enabled).toBe(false);
    expect(decision.next.disabledReason).toBe("gone");
    expect(decision.events).toEqual([{ kind: "disabled", detail: "HTTP 410 Gone: the publisher removed this feed" }]);
    expect(waitSeconds(decision)).toBe(86400);
    expect(decision.reason).toBe("disabled: HTTP 410 Gone (the publisher removed this feed)");
  });

  it("a second 410 on an already-gone source adds no duplicate event", () => {
    expect(decide(makeState({ enabled: false, disabledReason: "gone" }), fail("gone", 410)).events).toEqual([]);
  });
});

describe("rate limiting honours Retry-After and never touches the breaker", () => {
  it.each<[string, string | null, number, number, string]>([
    ["seconds", "7200", 7200, 7200, "Retry-After until 14:00 UTC (HTTP 429)"],
    ["an HTTP-date", "Sun, 02 Mar 2025 14:05:00 GMT", 7500, 7500, "Retry-After until 14:05 UTC (HTTP 429)"],
    [
      "more than the maximum: capped at a day",
      "172800",
      86400,
      86400,
      "Retry-After until 2025-03-03 12:00 UTC (HTTP 429)",
    ],
    [
      "shorter than the floor: the host waits that long, this source waits for its floor",
      "60",
      60,
      3600,
      "Retry-After until 12:01 UTC (HTTP 429); next check after the 1 h floor",
    ],
    [
      "invalid: a conservative hold (the grown interval)",
      "soon",
      4500,
      4500,
      "rate limited (HTTP 429) without a usable Retry-After; holding until 13:15 UTC",
    ],
    [
      "absent: the same",
      null,
      4500,
      4500,
      "rate limited (HTTP 429) without a usable Retry-After; holding until 13:15 UTC",
    ],
  ])("%s", (_, retryAfter, holdSeconds, wait, reason) => {
    const decision = decide(makeState({ consecutiveErrors: 3 }), fail("rate_limited", 429, { retryAfter }));
    const holdUntil = new Date(NOW.getTime() + holdSeconds * 1000);
    expect(decision.hostRetryAfterUntil).toEqual(holdUntil);
    expect(decision.next.retryAfterUntil).toEqual(holdUntil);
    expect(waitSeconds(decision)).toBe(wait);
    expect(decision.reason).toBe(reason);
    expect(decision.next.consecutiveErrors).toBe(3);
    expect(decision.next.breakerState).toBe("closed");
    expect(decision.next.intervalSeconds).toBe(4500);
  });

  it("a 503 with Retry-After is treated the same", () => {
    const decision = decide(makeState(), fail("rate_limited", 503, { retryAfter: "7200" }));
    expect(decision.reason).toBe("Retry-After until 14:00 UTC (HTTP 503)");
    expect(decision.next.consecutiveErrors).toBe(0);
  });

  it("jitter never ends the wait before the Retry-After time", () => {
    const low = decide(makeState(), fail("rate_limited", 429, { retryAfter: "7200" }), ZERO);
    const high = decide(makeState(), fail("rate_limited", 429, { retryAfter: "7200" }), ALMOST_ONE);
    expect(waitSeconds(low)).toBe(7200);
    expect(waitSeconds(high)).toBe(8639.998);
  });

  it("near the ceiling the jitter window ends at 24 h but never starts before the Retry-After time", () => {
    const low = decide(makeState(), fail("rate_limited", 429, { retryAfter: "86000" }), ZERO);
    const high = decide(makeState(), fail("rate_limited", 429, { retryAfter: "86000" }), ALMOST_ONE);
    expect(waitSeconds(low)).toBe(86000);
    // 86000 s + 0.999999 x the 400 s left below the ceiling
    expect(waitSeconds(high)).toBe(86399.999);
    const capped = decide(makeState(), fail("rate_limited", 429, { retryAfter: "172800" }), ALMOST_ONE);
    expect(waitSeconds(capped)).toBe(86400);
  });

  it("does not count toward the breaker even at the threshold, and does not reset it", () => {
    const closed = decide(makeState({ consecutiveErrors: 4 }), fail("rate_limited", 429, { retryAfter: "120" }));
    expect([closed.next.breakerState, closed.next.consecutiveErrors, closed.events]).toEqual(["closed", 4, []]);
    const open = decide(
      makeState({ ...OPEN, consecutiveErrors: 6 }),
      fail("rate_limited", 429, { retryAfter: "7200" }),
    );
    expect(open.next.breakerState).toBe("open");
    expect(open.next.breakerCooldownSeconds).toBe(3600);
    expect(open.next.breakerChangedAt).toEqual(OPENED_AT);
    expect(open.reason).toBe("Retry-After until 14:00 UTC (HTTP 429); breaker still open: the next fetch is its probe");
  });
});

describe("the circuit breaker", () => {
  it("stays closed at the 4th consecutive error", () => {
    expect(decide(makeState({ consecutiveErrors: 3 }), fail("http_5xx", 503)).next.breakerState).toBe("closed");
  });

  it("opens at the 5th, with an event and a half-open probe one cooldown later", () => {
    const decision = decide(makeState({ consecutiveErrors: 4 }), fail("http_5xx", 503));
    expect(decision.next).toMatchObject({
      breakerState: "open",
      breakerChangedAt: NOW,
      breakerCooldownSeconds: 3600,
      consecutiveErrors: 5,
    });
    expect(waitSeconds(decision)).toBe(3600);
    expect(decision.reason).toBe("breaker open after 5 errors (HTTP 503); half-open probe at 13:00 UTC");
    expect(decision.events).toEqual([
      {
        kind: "breaker_opened",
        detail: "Opened after 5 consecutive errors (last: HTTP 503); half-open probe at 13:00 UTC",
      },
    ]);
  });

  it("jitters the cooldown", () => {
    expect(waitSeconds(decide(makeState({ consecutiveErrors: 4 }), fail("timeout", null), ALMOST_ONE))).toBe(4319.999);
  });

  it("waits for the publisher's floor when it is longer than the cooldown", () => {
    const decision = decide(makeState({ consecutiveErrors: 4, publisherFloorSeconds: 7200 }), fail("http_5xx", 503));
    expect(waitSeconds(decision)).toBe(7200);
  });

  it.each<[string, number, number]>([
    ["1 h doubles to 2 h", 3600, 7200],
    ["8 h doubles to 16 h", 28800, 57600],
    ["16 h is capped at 24 h", 57600, 86400],
    ["24 h stays 24 h", 86400, 86400],
  ])("a failed probe keeps it open and doubles the cooldown: %s", (_, cooldown, expected) => {
    const decision = decide(
      makeState({ ...OPEN, breakerCooldownSeconds: cooldown, consecutiveErrors: 7 }),
      fail("http_5xx", 503),
    );
    expect(decision.next).toMatchObject({
      breakerState: "open",
      breakerCooldownSeconds: expected,
      breakerChangedAt: OPENED_AT,
      consecutiveErrors: 8,
    });
    expect(waitSeconds(decision)).toBe(expected);
    expect(decision.events).toEqual([]);
  });

  it("explains a failed probe and when the next one is", () => {
    const decision = decide(makeState({ ...OPEN, consecutiveErrors: 5 }), fail("not_found", 404));
    expect(decision.reason).toBe("breaker open after 6 errors (probe failed: HTTP 404); half-open probe at 14:00 UTC");
  });

  it.each(["open", "half_open"] as const)(
    "a successful probe from %s closes it and resets the counters",
    (breakerState) => {
      const state = makeState({ ...OPEN, breakerState, breakerCooldownSeconds: 7200, consecutiveErrors: 7 });
      const decision = decide(state, {
        ...fail("http_5xx", null),
        outcome: "not_modified",
        errorKind: null,
        httpStatus: 304,
      });
      expect(decision.next).toMatchObject({
        breakerState: "closed",
        breakerChangedAt: NOW,
        breakerCooldownSeconds: null,
        consecutiveErrors: 0,
      });
      expect(decision.events).toEqual([
        { kind: "breaker_closed", detail: "Half-open probe succeeded (HTTP 304) after 7 errors" },
      ]);
      expect(decision.reason).toBe(
        "probe succeeded, breaker closed; not modified (HTTP 304); checking every 1 h (floor)",
      );
    },
  );

  it("never stops a source silently: 30 failures in a row still leave a probe within a day", () => {
    let state = makeState();
    for (let i = 0; i < 30; i += 1) {
      const decision = decide(state, fail("connect", null), ALMOST_ONE);
      expect(waitSeconds(decision)).toBeLessThanOrEqual(86400);
      expect(decision.reason).toMatch(/next try at|half-open probe at/);
      state = decision.next;
    }
    expect([state.breakerState, state.breakerCooldownSeconds, state.enabled]).toEqual(["open", 86400, true]);
  });
});

describe("the offline guard", () => {
  it.each<ErrorKind>(["timeout", "dns", "connect", "tls", "network"])(
    "a %s while this machine looked offline counts nothing and retries after 2 min",
    (kind) => {
      const state = makeState({ consecutiveErrors: 4, retryAfterUntil: null });
      const decision = decide(state, fail(kind, null, { offline: true }));
      expect(decision.next).toEqual(state);
      expect(waitSeconds(decision)).toBe(120);
      expect(decision.reason).toBe("this machine looked offline during the round; retrying at 12:02 UTC");
      expect(decision.events).toEqual([]);
    },
  );

  it("leaves an open breaker as it is", () => {
    const state = makeState({ ...OPEN, consecutiveErrors: 6 });
    expect(decide(state, fail("dns", null, { offline: true })).next).toEqual(state);
  });

  it("does not excuse an HTTP error: the server answered", () => {
    expect(decide(makeState(), fail("http_5xx", 502, { offline: true })).next.consecutiveErrors).toBe(1);
  });

  it("without the offline verdict, a timeout counts", () => {
    expect(decide(makeState(), fail("timeout", null)).next.consecutiveErrors).toBe(1);
  });
});
