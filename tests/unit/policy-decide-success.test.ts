import { observation, scheduleState } from "@/tests/helpers/policy-fixtures";
import { describe, expect, it } from "vitest";
import { decideNext, DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import type { Decision, Observation, ScheduleState } from "@/lib/pipeline/policy";

// Successful fetches: intervals, floors, jitter, the first fetch and redirect adoption.

const NOW = new Date("2025-03-02T12:00:00.000Z");
const S = DEFAULT_POLICY_SETTINGS;
const ZERO = () => 0;
const ALMOST_ONE = () => 0.999999;
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

function makeState(overrides: Partial<ScheduleState> = {}): ScheduleState {
  return scheduleState({ lastSuccessAt: hoursAgo(1), ...overrides });
}

function makeObservation(overrides: Partial<Observation> = {}): Observation {
  return observation(overrides);
}

const ok = (overrides: Partial<Observation> = {}) => makeObservation({ outcome: "ok", httpStatus: 200, ...overrides });
const decide = (state: ScheduleState, observation: Observation, random = ZERO, settings = S) =>
  decideNext(state, observation, NOW, settings, random);
const waitMs = (decision: Decision) => decision.nextDueAt.getTime() - NOW.getTime();

describe("nothing new holds the interval through 12 h of silence, then grows it", () => {
  const QUIET = { intervalSeconds: 7200, consecutiveNotModified: 6 }; // this fetch is the 7th empty one: 14 h
  it.each<[string, Partial<ScheduleState>, Observation, number, string]>([
    [
      "above the floor, the 6th empty 2-h fetch (12 h) keeps it",
      { intervalSeconds: 7200, consecutiveNotModified: 5 },
      makeObservation(),
      7200,
      "not modified (HTTP 304); checking every 2 h",
    ],
    [
      "above the floor, the 7th (14 h) grows it x1.25",
      QUIET,
      makeObservation(),
      9000,
      "not modified (HTTP 304); checking every 2 h 30 min",
    ],
    [
      "an unchanged 200 body counts as nothing new",
      QUIET,
      ok({ bodyUnchanged: true }),
      9000,
      "body unchanged; checking every 2 h 30 min",
    ],
    [
      "a 200 with no new article counts as nothing new",
      QUIET,
      ok({ newArticles: 0 }),
      9000,
      "no new articles; checking every 2 h 30 min",
    ],
    [
      "a 200 with no new article ignores its dates: the silence decides",
      QUIET,
      ok({ newArticles: 0, itemDates: [hoursAgo(14), hoursAgo(15), hoursAgo(16)] }),
      9000,
      "no new articles; checking every 2 h 30 min",
    ],
    [
      "at the floor, the 1st empty fetch keeps it",
      { consecutiveNotModified: 0 },
      makeObservation(),
      3600,
      "not modified (HTTP 304); checking every 1 h (floor)",
    ],
    [
      "at the floor, the 12th empty hour keeps it",
      { consecutiveNotModified: 11 },
      makeObservation(),
      3600,
      "not modified (HTTP 304); checking every 1 h (floor)",
    ],
    [
      "at the floor, the 13th empty hour grows it",
      { consecutiveNotModified: 12 },
      makeObservation(),
      4500,
      "not modified (HTTP 304); checking every 1 h 15 min",
    ],
    [
      "at a 15-min user floor, the grace is the same 12 h: the 48th empty fetch keeps it",
      { intervalSeconds: 900, minIntervalSeconds: 900, consecutiveNotModified: 47, lastSuccessAt: minutesAgo(15) },
      makeObservation(),
      900,
      "not modified (HTTP 304); checking every 15 min (floor)",
    ],
    [
      "at a 15-min user floor, the 49th grows it",
      { intervalSeconds: 900, minIntervalSeconds: 900, consecutiveNotModified: 48, lastSuccessAt: minutesAgo(15) },
      makeObservation(),
      1125,
      "not modified (HTTP 304); checking every 19 min",
    ],
    [
      "at a 3-h publisher floor, the 4th empty fetch keeps it",
      { intervalSeconds: 10800, publisherFloorSeconds: 10800, consecutiveNotModified: 3, lastSuccessAt: hoursAgo(3) },
      makeObservation(),
      10800,
      "not modified (HTTP 304); checking every 3 h (publisher's floor)",
    ],
    [
      "at a 3-h publisher floor, the 5th grows it",
      { intervalSeconds: 10800, publisherFloorSeconds: 10800, consecutiveNotModified: 4, lastSuccessAt: hoursAgo(3) },
      makeObservation(),
      13500,
      "not modified (HTTP 304); checking every 3 h 45 min",
    ],
  ])("%s", (_, state, observation, interval, reason) => {
    const decision = decide(makeState(state), observation);
    expect(decision.next.intervalSeconds).toBe(interval);
    expect(waitMs(decision)).toBe(interval * 1000);
    expect(decision.reason).toBe(reason);
  });

  it("growth stops at the maximum, and the wait's jitter window then ends there (see the jitter rules below)", () => {
    const decision = decide(
      makeState({ intervalSeconds: 80000, consecutiveNotModified: 20, lastSuccessAt: hoursAgo(22) }),
      makeObservation(),
    );
    expect(decision.next.intervalSeconds).toBe(86400);
    expect(decision.reason).toBe("not modified (HTTP 304); checking every 1 d (maximum)");
    // random 0: the start of [86400 - 20% x (86400 - 3600), 86400)
    expect(waitMs(decision)).toBe(69_840_000);
  });

  it("reaches the 24 h cap from the floor within 27 empty fetches (12 at the floor), then stays", () => {
    let state = makeState();
    const intervals: number[] = [];
    for (let i = 0; i < 28; i += 1) {
      state = decide(state, makeObservation()).next;
      intervals.push(state.intervalSeconds);
    }
    expect(intervals).toEqual([
      ...Array<number>(12).fill(3600),
      4500,
      5625,
      7031,
      8789,
      10986,
      13733,
      17166,
      21458,
      26823,
      33529,
      41911,
      52389,
      65486,
      81858,
      86400,
      86400,
    ]);
  });

  it("news at the floor restarts the 12-h grace", () => {
    const afterNews = decide(makeState({ consecutiveNotModified: 11 }), ok({ newArticles: 1 })).next;
    expect([afterNews.intervalSeconds, afterNews.consecutiveNotModified]).toEqual([3600, 0]);
    expect(
      decide(makeState({ consecutiveNotModified: afterNews.consecutiveNotModified }), makeObservation()).next
        .intervalSeconds,
    ).toBe(3600);
  });
});

describe("new articles without usable dates shrink the interval gradually", () => {
  it.each<[string, number, number, string]>([
    ["24 h halves to 12 h, not straight to the floor", 86400, 43200, "3 new articles; checking every 12 h"],
    ["4 h halves to 2 h", 14400, 7200, "3 new articles; checking every 2 h"],
    ["never below the floor", 5000, 3600, "3 new articles; checking every 1 h (floor)"],
  ])("%s", (_, interval, expected, reason) => {
    const decision = decide(
      makeState({ intervalSeconds: interval, consecutiveNotModified: 4 }),
      ok({ newArticles: 3 }),
    );
    expect(decision.next.intervalSeconds).toBe(expected);
    expect(decision.next.consecutiveNotModified).toBe(0);
    expect(decision.reason).toBe(reason);
  });
});

// Six items `hours` apart, the newest now: a mean gap of exactly `hours`.
const every = (hours: number, count = 6) => Array.from({ length: count }, (_, i) => hoursAgo(i * hours));

describe("a new source starts from its items' rate: sqrt(gap x floor / 3), within [floor, max]", () => {
  it.each<[string, Partial<ScheduleState>, Observation, number, string]>([
    [
      "every 3 h (8 a day): the floor at once",
      {},
      ok({ newArticles: 6, itemDates: every(3) }),
      3600,
      "first fetch: items about every 3 h; checking every 1 h (floor)",
    ],
    [
      "every 10 min: the floor",
      {},
      ok({ newArticles: 6, itemDates: every(1 / 6) }),
      3600,
      "first fetch: items about every 10 min; checking every 1 h (floor)",
    ],
    [
      "every 12 h (twice a day): 2 h",
      {},
      ok({ newArticles: 6, itemDates: every(12) }),
      7200,
      "first fetch: items about every 12 h; checking every 2 h",
    ],
    [
      "weekly: sqrt(56) h",
      {},
      ok({ newArticles: 6, itemDates: every(168) }),
      26940,
      "first fetch: items about every 7 d; checking every 7 h 29 min",
    ],
    [
      "yearly: the maximum",
      {},
      ok({ newArticles: 3, itemDates: every(24 * 365, 3) }),
      86400,
      "first fetch: items about every 365 d; checking every 1 d (maximum)",
    ],
    [
      "the silence since the newest post counts: 6 posts an hour apart, the newest 25 h ago, read as every 6 h",
      {},
      ok({ newArticles: 6, itemDates: every(1).map((date) => new Date(date.getTime() - 25 * 3_600_000)) }),
      5091,
      "first fetch: items about every 6 h; checking every 1 h 25 min",
    ],
    [
      "a 15-min user floor scales the rate: every 3 h gives 30 min",
      { minIntervalSeconds: 900 },
      ok({ newArticles: 6, itemDates: every(3) }),
      1800,
      "first fetch: items about every 3 h; checking every 30 min",
    ],
    [
      "a publisher's floor only clamps: every 3 h with max-age=7200 gives 2 h",
      {},
      ok({ newArticles: 6, itemDates: every(3), cacheControl: "max-age=7200" }),
      7200,
      "first fetch: items about every 3 h; checking every 2 h (publisher's floor)",
    ],
    [
      "no dates: the floor",
      {},
      ok({ newArticles: 3 }),
      3600,
      "first fetch: no usable item dates; checking every 1 h (floor)",
    ],
    [
      "one date is no rate: the floor",
      {},
      ok({ newArticles: 1, itemDates: [hoursAgo(400)] }),
      3600,
      "first fetch: no usable item dates; checking every 1 h (floor)",
    ],
  ])("%s", (_, state, observation, interval, reason) => {
    const decision = decide(makeState({ lastSuccessAt: null, ...state }), observation);
    expect(decision.next.intervalSeconds).toBe(interval);
    expect(decision.next.lastSuccessAt).toEqual(NOW);
    expect(decision.reason).toBe(reason);
  });
});

describe("news with dates sets the interval from the feed's rate at once", () => {
  it.each<[string, number, Observation, number, string]>([
    [
      "24 h straight to the floor for a feed posting every 2 h",
      86400,
      ok({ newArticles: 1, itemDates: every(2) }),
      3600,
      "1 new article: items about every 2 h; checking every 1 h (floor)",
    ],
    [
      "the floor up to 2 h for a feed now posting every 12 h",
      3600,
      ok({ newArticles: 2, itemDates: every(12) }),
      7200,
      "2 new articles: items about every 12 h; checking every 2 h",
    ],
    [
      "a news fetch without dates still halves",
      86400,
      ok({ newArticles: 2 }),
      43200,
      "2 new articles; checking every 12 h",
    ],
  ])("%s", (_, interval, observation, expected, reason) => {
    const decision = decide(makeState({ intervalSeconds: interval, consecutiveNotModified: 9 }), observation);
    expect(decision.next.intervalSeconds).toBe(expected);
    expect(decision.next.consecutiveNotModified).toBe(0);
    expect(decision.reason).toBe(reason);
  });
});

describe("counters after a success", () => {
  it.each<[string, Observation, number]>([
    ["a 304 resets errors and counts one more empty fetch", makeObservation(), 3],
    ["an empty 200 does the same", ok(), 3],
    ["a 200 with news resets both", ok({ newArticles: 1 }), 0],
  ])("%s", (_, observation, notModified) => {
    const decision = decide(makeState({ consecutiveErrors: 3, consecutiveNotModified: 2 }), observation);
    expect(decision.next.consecutiveErrors).toBe(0);
    expect(decision.next.consecutiveNotModified).toBe(notModified);
    expect(decision.next.retryAfterUntil).toBeNull();
    expect(decision.events).toEqual([]);
    expect(decision.hostRetryAfterUntil).toBeNull();
  });
});

describe("floors: user, global and publisher", () => {
  it.each<[string, Partial<ScheduleState>, Observation, number, number | null]>([
    [
      "a user floor of 15 min is allowed",
      { intervalSeconds: 900, minIntervalSeconds: 900 },
      ok({ newArticles: 2 }),
      900,
      null,
    ],
    [
      "a user floor below 15 min is raised to 15 min",
      { intervalSeconds: 300, minIntervalSeconds: 300 },
      ok({ newArticles: 2 }),
      900,
      null,
    ],
    ["max-age above the floor becomes the floor", {}, makeObservation({ cacheControl: "max-age=7200" }), 7200, 7200],
    ["s-maxage is for shared caches: ignored", {}, ok({ newArticles: 1, cacheControl: "s-maxage=7200" }), 3600, null],
    ["no-store says nothing about polling", {}, ok({ newArticles: 1, cacheControl: "no-store" }), 3600, null],
    [
      "Expires is read against the response's Date",
      {},
      ok({ newArticles: 1, expires: "Sun, 02 Mar 2025 11:00:00 GMT", date: "Sun, 02 Mar 2025 08:00:00 GMT" }),
      10800,
      10800,
    ],
    ["the feed's ttl", {}, ok({ newArticles: 1, feedTtlSeconds: 7200 }), 7200, 7200],
    [
      "a year of max-age is capped at the maximum",
      {},
      ok({ newArticles: 1, cacheControl: "max-age=31536000" }),
      86400,
      86400,
    ],
    [
      "the publisher's floor wins over a 15-min user floor",
      { minIntervalSeconds: 900 },
      ok({ newArticles: 1, cacheControl: "max-age=1800" }),
      1800,
      1800,
    ],
    ["a 304 without headers keeps the stored floor", { publisherFloorSeconds: 7200 }, makeObservation(), 7200, 7200],
    [
      "a 304 can raise the stored floor",
      { publisherFloorSeconds: 7200 },
      makeObservation({ cacheControl: "max-age=10800" }),
      10800,
      10800,
    ],
    [
      "a 304 cannot lower it (the body's ttl still holds)",
      { publisherFloorSeconds: 7200 },
      makeObservation({ cacheControl: "max-age=60" }),
      7200,
      7200,
    ],
    ["a 200 that no longer asks clears it", { publisherFloorSeconds: 7200 }, ok({ newArticles: 1 }), 3600, null],
  ])("%s", (_, state, observation, interval, storedFloor) => {
    const decision = decide(makeState(state), observation);
    expect(decision.next.intervalSeconds).toBe(interval);
    expect(waitMs(decision)).toBe(interval * 1000);
    expect(decision.next.publisherFloorSeconds).toBe(storedFloor);
  });

  it("says when the publisher's floor is what holds the interval", () => {
    const decision = decide(makeState(), ok({ newArticles: 1, feedTtlSeconds: 7200 }));
    expect(decision.reason).toBe("1 new article; checking every 2 h (publisher's floor)");
  });
});

describe("after a success, jitter keeps a source's own phase and redraws one that may be shared", () => {
  // A regular poll: the last success one interval ago, so the source is on its own phase.
  const AT_FLOOR = { lastSuccessAt: hoursAgo(1) };
  const ABOVE = { intervalSeconds: 7200, consecutiveNotModified: 12, lastSuccessAt: hoursAgo(2) }; // a 304 grows it to 9000 s
  const expiresIn = (hours: number) => ({
    date: "Sun, 02 Mar 2025 12:00:00 GMT",
    expires: new Date(NOW.getTime() + hours * 3_600_000).toUTCString(),
  });
  it.each<[string, Partial<ScheduleState>, Observation, () => number, number]>([
    // Phase kept: a wait at the floor is exactly the floor.
    ["at the floor, random 0: exactly the floor", AT_FLOOR, makeObservation(), ZERO, 3_600_000],
    ["at the floor, random ~1: still exactly the floor", AT_FLOOR, makeObservation(), ALMOST_ONE, 3_600_000],
    [
      "at a 15-min user floor, random ~1: exactly 15 min",
      { intervalSeconds: 900, minIntervalSeconds: 900, lastSuccessAt: minutesAgo(15) },
      makeObservation(),
      ALMOST_ONE,
      900_000,
    ],
    [
      "at a 2-h max-age floor (counted from our own fetch), random ~1: exactly 2 h",
      { intervalSeconds: 7200, publisherFloorSeconds: 7200, lastSuccessAt: hoursAgo(2) },
      makeObservation({ cacheControl: "max-age=7200" }),
      ALMOST_ONE,
      7_200_000,
    ],
    [
      "after one failed retry (65 min since the last success), random ~1: exactly the floor",
      { lastSuccessAt: minutesAgo(65) },
      makeObservation(),
      ALMOST_ONE,
      3_600_000,
    ],
    [
      "72 min since the last success (interval x 1.2) is still a regular poll",
      { lastSuccessAt: minutesAgo(72) },
      makeObservation(),
      ALMOST_ONE,
      3_600_000,
    ],
    // Phase kept, above the floor: +0..20% of the part above it.
    ["above the floor, random 0: exactly the interval", ABOVE, makeObservation(), ZERO, 9_000_000],
    // 9000 s + 0.999999 x 20% of the 5400 s above the 3600 s floor = 10079.99892 s
    [
      "above the floor, random ~1: just under +20% of the 5400 s above it",
      ABOVE,
      makeObservation(),
      ALMOST_ONE,
      10_079_998,
    ],
    // Phase redrawn: +0..20% of the whole interval.
    ["the first fetch, random 0: exactly the interval", { lastSuccessAt: null }, ok(), ZERO, 3_600_000],
    [
      "the first fetch is jittered in full, random ~1: just under +20% of the floor",
      { lastSuccessAt: null },
      ok(),
      ALMOST_ONE,
      4_319_999,
    ],
    [
      "back from a disruption (73 min since the last success), random 0: exactly the floor",
      { lastSuccessAt: minutesAgo(73) },
      makeObservation(),
      ZERO,
      3_600_000,
    ],
    [
      "back from a disruption (73 min since the last success), random ~1: just under +20%",
      { lastSuccessAt: minutesAgo(73) },
      makeObservation(),
      ALMOST_ONE,
      4_319_999,
    ],
    [
      "a breaker probe that succeeds, hours after the last success: redrawn",
      { breakerState: "open", breakerCooldownSeconds: 7200, consecutiveErrors: 6, lastSuccessAt: hoursAgo(5) },
      makeObservation(),
      ALMOST_ONE,
      4_319_999,
    ],
    // 7200 s + 0.999999 x 20% of 7200 s = 8639.99856 s
    [
      "a 2-h Expires floor (an instant every client shares), random ~1: redrawn",
      AT_FLOOR,
      ok({ newArticles: 1, ...expiresIn(2) }),
      ALMOST_ONE,
      8_639_998,
    ],
    [
      "a 2-h Expires floor, random 0: exactly the floor",
      AT_FLOOR,
      ok({ newArticles: 1, ...expiresIn(2) }),
      ZERO,
      7_200_000,
    ],
    [
      "an Expires shorter than our own floor does not set it: kept",
      AT_FLOOR,
      ok({ newArticles: 1, ...expiresIn(0.5) }),
      ALMOST_ONE,
      3_600_000,
    ],
    [
      "a longer max-age beside Expires sets the floor, not Expires: kept",
      { intervalSeconds: 10800, lastSuccessAt: hoursAgo(3) },
      ok({ newArticles: 1, cacheControl: "max-age=10800", ...expiresIn(2) }),
      ALMOST_ONE,
      10_800_000,
    ],
    // At the ceiling the window [interval, interval + 20% of the part above the floor) slides down to end at 24 h.
    [
      "at the 24 h ceiling, random 0: 24 h - 20% of the 82800 s above the floor",
      { intervalSeconds: 86400, lastSuccessAt: hoursAgo(24) },
      makeObservation(),
      ZERO,
      69_840_000,
    ],
    [
      "at the 24 h ceiling, random ~1: just under 24 h",
      { intervalSeconds: 86400, lastSuccessAt: hoursAgo(24) },
      makeObservation(),
      ALMOST_ONE,
      86_399_983,
    ],
    [
      "a publisher floor at the ceiling leaves no room: exactly 24 h",
      { intervalSeconds: 86400, publisherFloorSeconds: 86400, lastSuccessAt: hoursAgo(24) },
      makeObservation({ cacheControl: "max-age=31536000" }),
      ALMOST_ONE,
      86_400_000,
    ],
  ])("%s", (_, state, observation, random, expectedMs) => {
    expect(waitMs(decide(makeState(state), observation, random))).toBe(expectedMs);
  });

  it("never ends a wait before the floor or after the ceiling, whatever random returns", () => {
    const DISRUPTED = { lastSuccessAt: hoursAgo(3) };
    const CEILING = { intervalSeconds: 86400, lastSuccessAt: hoursAgo(24) };
    for (const random of [ZERO, () => 0.5, ALMOST_ONE, () => -3, () => Number.NaN, () => 7]) {
      expect(waitMs(decide(makeState(AT_FLOOR), makeObservation(), random))).toBe(3_600_000);
      const above = waitMs(decide(makeState(ABOVE), makeObservation(), random));
      expect(above).toBeGreaterThanOrEqual(9_000_000);
      expect(above).toBeLessThanOrEqual(10_080_000);
      const redrawn = waitMs(decide(makeState(DISRUPTED), makeObservation(), random));
      expect(redrawn).toBeGreaterThanOrEqual(3_600_000);
      expect(redrawn).toBeLessThanOrEqual(4_320_000);
      const capped = waitMs(decide(makeState(CEILING), makeObservation(), random));
      expect(capped).toBeGreaterThanOrEqual(69_840_000);
      expect(capped).toBeLessThanOrEqual(86_400_000);
    }
  });
});

describe("permanent redirects are adopted after 2 fetches in a row", () => {
  const NEW = "https://new.example/feed.xml";
  it.each<
    [
      string,
      Partial<ScheduleState>,
      Observation,
      Pick<ScheduleState, "feedUrl" | "pendingRedirectUrl" | "pendingRedirectCount">,
    ]
  >([
    [
      "a first 301 is only noted",
      {},
      makeObservation({ permanentRedirectUrl: NEW }),
      { feedUrl: "https://old.example/feed.xml", pendingRedirectUrl: NEW, pendingRedirectCount: 1 },
    ],
    [
      "the second in a row is adopted",
      { pendingRedirectUrl: NEW, pendingRedirectCount: 1 },
      ok({ permanentRedirectUrl: NEW }),
      { feedUrl: NEW, pendingRedirectUrl: null, pendingRedirectCount: 0 },
    ],
    [
      "a different target starts over",
      { pendingRedirectUrl: "https://other.example/", pendingRedirectCount: 1 },
      makeObservation({ permanentRedirectUrl: NEW }),
      { feedUrl: "https://old.example/feed.xml", pendingRedirectUrl: NEW, pendingRedirectCount: 1 },
    ],
    [
      "a fetch without a permanent redirect (no redirect, or a 302) clears it",
      { pendingRedirectUrl: NEW, pendingRedirectCount: 1 },
      makeObservation({ permanentRedirectUrl: null }),
      { feedUrl: "https://old.example/feed.xml", pendingRedirectUrl: null, pendingRedirectCount: 0 },
    ],
  ])("%s", (_, state, observation, expected) => {
    const { next } = decide(makeState(state), observation);
    expect({
      feedUrl: next.feedUrl,
      pendingRedirectUrl: next.pendingRedirectUrl,
      pendingRedirectCount: next.pendingRedirectCount,
    }).toEqual(expected);
  });

  it("records the adoption as a url_changed event", () => {
    const decision = decide(
      makeState({ pendingRedirectUrl: NEW, pendingRedirectCount: 1 }),
      makeObservation({ permanentRedirectUrl: NEW }),
    );
    expect(decision.events).toEqual([
      {
        kind: "url_changed",
        detail: `Moved permanently: https://old.example/feed.xml → ${NEW} (seen on 2 fetches in a row)`,
      },
    ]);
  });

  it("a temporary redirect (302) is never adopted, however often it is seen", () => {
    let state = makeState();
    for (let i = 0; i < 5; i += 1) state = decide(state, makeObservation({ permanentRedirectUrl: null })).next;
    expect(state.feedUrl).toBe("https://old.example/feed.xml");
    expect(state.pendingRedirectUrl).toBeNull();
  });

  it("an error leaves the pending move as it was: it neither confirms nor contradicts it", () => {
    const observation = makeObservation({
      outcome: "error",
      errorKind: "http_5xx",
      httpStatus: 503,
      permanentRedirectUrl: NEW,
    });
    const { next } = decide(makeState({ pendingRedirectUrl: NEW, pendingRedirectCount: 1 }), observation);
    expect([next.feedUrl, next.pendingRedirectUrl, next.pendingRedirectCount]).toEqual([
      "https://old.example/feed.xml",
      NEW,
      1,
    ]);
  });

  it("honours a stricter redirectAdoptAfter", () => {
    const settings = { ...S, redirectAdoptAfter: 3 };
    const { next } = decide(
      makeState({ pendingRedirectUrl: NEW, pendingRedirectCount: 1 }),
      ok({ permanentRedirectUrl: NEW }),
      ZERO,
      settings,
    );
    expect([next.feedUrl, next.pendingRedirectCount]).toEqual(["https://old.example/feed.xml", 2]);
  });
});

describe("a feed discovered on the HTML page the source's URL answered is adopted at once", () => {
  const FOUND = "https://old.example/blog/feed.xml";
  it("switches the URL on that one success, clears any pending move, and records why", () => {
    const decision = decide(
      makeState({ pendingRedirectUrl: "https://elsewhere.example/", pendingRedirectCount: 1 }),
      ok({ discoveredFeedUrl: FOUND }),
    );
    expect([decision.next.feedUrl, decision.next.pendingRedirectUrl, decision.next.pendingRedirectCount]).toEqual([
      FOUND,
      null,
      0,
    ]);
    expect(decision.events).toEqual([
      {
        kind: "url_changed",
        detail: `Feed discovered: https://old.example/feed.xml is an HTML page whose one feed link is ${FOUND}; switched to it`,
      },
    ]);
  });

  it("never on an error (a database failure while storing the discovered feed's articles)", () => {
    const observation = makeObservation({
      outcome: "error",
      errorKind: "database",
      httpStatus: 200,
      discoveredFeedUrl: FOUND,
    });
    expect(decide(makeState(), observation).next.feedUrl).toBe("https://old.example/feed.xml");
  });
});

describe("disabled sources", () => {
  it("a source disabled as gone that answers again is re-enabled, with an event", () => {
    const decision = decide(makeState({ enabled: false, disabledReason: "gone" }), ok({ newArticles: 1 }));
    expect([decision.next.enabled, decision.next.disabledReason]).toEqual([true, null]);
    expect(decision.events).toEqual([{ kind: "enabled", detail: "The feed answered again (HTTP 200) after 410 Gone" }]);
  });

  it("a source the user disabled stays disabled", () => {
    const decision = decide(makeState({ enabled: false, disabledReason: "user" }), ok({ newArticles: 1 }));
    expect([decision.next.enabled, decision.next.disabledReason, decision.events]).toEqual([false, "user", []]);
  });
});
