import { describe, expect, it } from "vitest";
import {
  applyJitter,
  classifyError,
  computeBackoff,
  computeEffectiveFloor,
  computeRateInterval,
  computeNextCooldown,
  computePublisherFloor,
  DEFAULT_POLICY_SETTINGS,
  estimateItemGap,
  FLOOR_GAPS,
  RATE_WINDOW_DATES,
  formatDuration,
  formatUtcTime,
  growAfterEmptyFetch,
  parseHttpDate,
  parseMaxAge,
  parseRetryAfter,
  shrinkInterval,
  SILENCE_GRACE_SECONDS,
} from "@/lib/pipeline/policy";

const NOW = new Date("2025-03-02T12:00:00.000Z");
const HOUR = 3600;

describe("parseHttpDate accepts the three RFC 9110 §5.6.7 forms, in UTC whatever the machine's zone", () => {
  it.each([
    ["IMF-fixdate", "Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37.000Z"],
    ["rfc850-date", "Sunday, 06-Nov-94 08:49:37 GMT", "1994-11-06T08:49:37.000Z"],
    ["rfc850-date, recent two-digit year", "Sunday, 02-Mar-25 14:05:00 GMT", "2025-03-02T14:05:00.000Z"],
    ["asctime-date", "Sun Nov  6 08:49:37 1994", "1994-11-06T08:49:37.000Z"],
    ["surrounding whitespace", "  Sun, 02 Mar 2025 14:05:00 GMT ", "2025-03-02T14:05:00.000Z"],
  ])("%s", (_, value, expected) => {
    expect(parseHttpDate(value, NOW)?.toISOString()).toBe(expected);
  });

  it.each([
    ["an impossible day", "Fri, 31 Feb 2025 10:00:00 GMT"],
    ["a local-time ISO string", "2025-03-02T14:05:00"],
    ["a bare number", "0"],
    ["an hour out of range", "Sun, 02 Mar 2025 25:00:00 GMT"],
    ["an unknown month", "Sun, 02 Foo 2025 14:05:00 GMT"],
  ])("rejects %s", (_, value) => {
    expect(parseHttpDate(value, NOW)).toBeNull();
  });
});

describe("parseRetryAfter reads delay-seconds or an HTTP-date relative to now (RFC 9110 §10.2.3)", () => {
  it.each<[string, string | null, number | null]>([
    ["delay-seconds", "120", 120],
    ["zero", "0", 0],
    ["padded seconds", " 3600 ", 3600],
    ["an IMF-fixdate two hours ahead", "Sun, 02 Mar 2025 14:00:00 GMT", 7200],
    ["an rfc850-date five minutes ahead", "Sunday, 02-Mar-25 12:05:00 GMT", 300],
    ["an asctime-date one hour ahead", "Sun Mar  2 13:00:00 2025", 3600],
    ["a date in the past (means now)", "Sun, 02 Mar 2025 11:00:00 GMT", 0],
    ["a negative number", "-5", null],
    ["a fraction", "1.5", null],
    ["free text", "soon", null],
    ["an empty header", "", null],
    ["no header", null, null],
  ])("%s", (_, value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe("parseMaxAge reads only max-age (RFC 9111 §5.2.2.1)", () => {
  it.each<[string | null, number | null]>([
    ["max-age=600", 600],
    ["public, MAX-AGE=7200", 7200],
    ['max-age="300"', 300],
    ["max-age=60, max-age=7200", 60],
    ['no-cache="Set-Cookie, Vary", max-age=900', 900],
    ["s-maxage=3600", null],
    ["no-cache", null],
    ["no-store, must-revalidate", null],
    ["max-age=soon", null],
    ["max-age=-1", null],
    [null, null],
  ])("%s -> %s", (header, expected) => {
    expect(parseMaxAge(header)).toBe(expected);
  });
});

describe("computePublisherFloor honours max-age, Expires and the feed's ttl, capped at the maximum", () => {
  const none = { cacheControl: null, expires: null, date: null, feedTtlSeconds: null };
  it.each([
    ["no signal at all", none, null],
    ["no-cache alone says nothing about polling", { ...none, cacheControl: "no-cache" }, null],
    ["max-age", { ...none, cacheControl: "max-age=7200" }, { seconds: 7200, source: "max-age" }],
    [
      "max-age wins over Expires (RFC 9111 §5.3)",
      { ...none, cacheControl: "max-age=600", expires: "Sun, 02 Mar 2025 18:00:00 GMT" },
      { seconds: 600, source: "max-age" },
    ],
    [
      "Expires relative to the response's Date, not our clock",
      { ...none, expires: "Sun, 02 Mar 2025 13:00:00 GMT", date: "Sun, 02 Mar 2025 10:00:00 GMT" },
      { seconds: 3 * HOUR, source: "Expires" },
    ],
    [
      "Expires relative to now when Date is absent",
      { ...none, expires: "Sun, 02 Mar 2025 13:00:00 GMT" },
      { seconds: HOUR, source: "Expires" },
    ],
    ["an invalid Expires means already expired", { ...none, expires: "0" }, { seconds: 0, source: "Expires" }],
    [
      "a past Expires is zero",
      { ...none, expires: "Sun, 02 Mar 2025 11:00:00 GMT" },
      { seconds: 0, source: "Expires" },
    ],
    ["the feed's ttl", { ...none, feedTtlSeconds: 10800 }, { seconds: 10800, source: "ttl" }],
    [
      "the longer of ttl and max-age",
      { ...none, cacheControl: "max-age=600", feedTtlSeconds: 1800 },
      { seconds: 1800, source: "ttl" },
    ],
    [
      "a year of max-age is capped at a day",
      { ...none, cacheControl: "max-age=31536000" },
      { seconds: 86400, source: "max-age" },
    ],
  ])("%s", (_, headers, expected) => {
    expect(computePublisherFloor(headers, NOW, 86400)).toEqual(expected);
  });
});

describe("computeEffectiveFloor", () => {
  const S = DEFAULT_POLICY_SETTINGS;
  it.each<[string, number | null, number | null, number]>([
    ["the global floor by default", null, null, 3600],
    ["a user floor down to 15 min", 900, null, 900],
    ["never below 15 min", 600, null, 900],
    ["a user floor above the global one", 7200, null, 7200],
    ["the publisher's floor when longer", 900, 1800, 1800],
    ["the user's floor when the publisher's is shorter", null, 600, 3600],
    ["capped at the maximum", 200000, null, 86400],
  ])("%s", (_, userFloor, publisherFloor, expected) => {
    expect(computeEffectiveFloor(userFloor, publisherFloor, S)).toBe(expected);
  });
});

describe("estimateItemGap reads the mean gap from the oldest date up to now", () => {
  const at = (hours: number) => new Date(NOW.getTime() - hours * HOUR * 1000);
  it.each<[string, Date[], number | null]>([
    ["three gaps over 6 h", [at(0), at(1), at(3), at(6)], 2 * HOUR],
    ["the silence since the newest date counts", [at(4), at(6), at(8)], 4 * HOUR],
    ["order does not matter", [at(6), at(0), at(3), at(1)], 2 * HOUR],
    ["duplicate dates are one date", [at(0), at(0), at(2), at(2), at(4)], 2 * HOUR],
    ["future dates are dropped", [at(-5), at(0), at(2)], 2 * HOUR],
    ["invalid dates are dropped", [new Date(Number.NaN), at(0), at(2)], 2 * HOUR],
    ["two posts a year ago read as one a year", [at(24 * 366), at(24 * 365)], 366 * 24 * HOUR],
    [
      "only the newest 20 dates count: hourly for the last 19 h, years of older posts ignored",
      [...Array.from({ length: 20 }, (_, i) => at(i)), ...Array.from({ length: 30 }, (_, i) => at(24 * 365 * (i + 1)))],
      HOUR,
    ],
    ["one date is not a rate", [at(3)], null],
    ["no dates", [], null],
  ])("%s", (_, dates, expected) => {
    expect(estimateItemGap(dates, NOW)).toBe(expected);
  });
});

describe("computeRateInterval: the square root of gap x own floor / FLOOR_GAPS", () => {
  it.each<[string, number, number, number]>([
    ["a gap of three floors is the floor", 3 * HOUR, HOUR, HOUR],
    ["four times the gap, twice the interval", 12 * HOUR, HOUR, 2 * HOUR],
    ["nine times the gap, three times the interval", 27 * HOUR, HOUR, 3 * HOUR],
    ["below three floors it falls under the floor (the caller clamps)", 0.75 * HOUR, HOUR, 0.5 * HOUR],
    ["a 15-min floor scales it down", 48 * HOUR, 900, 2 * HOUR],
  ])("%s", (_, gap, floor, expected) => {
    expect(computeRateInterval(gap, floor)).toBe(expected);
  });

  it("is scaled to three floors and reads the newest 20 dates", () => {
    expect([FLOOR_GAPS, RATE_WINDOW_DATES]).toEqual([3, 20]);
  });
});

describe("interval adaptation", () => {
  it("grows x1.25 per empty fetch above the floor, up to the cap", () => {
    const sequence = [7200];
    while (sequence.at(-1)! < 86400) sequence.push(growAfterEmptyFetch(sequence.at(-1)!, 9, 1.25, HOUR, 86400));
    expect(sequence).toEqual([7200, 9000, 11250, 14063, 17579, 21974, 27468, 34335, 42919, 53649, 67061, 83826, 86400]);
    expect(growAfterEmptyFetch(86400, 10, 1.25, HOUR, 86400)).toBe(86400);
  });

  it("grows only after 12 h of empty fetches in a row, whatever the floor or the interval", () => {
    expect([1, 12, 13].map((inRow) => growAfterEmptyFetch(HOUR, inRow, 1.25, HOUR, 86400))).toEqual([3600, 3600, 4500]);
    expect([48, 49].map((inRow) => growAfterEmptyFetch(900, inRow, 1.25, 900, 86400))).toEqual([900, 1125]);
    expect([4, 5].map((inRow) => growAfterEmptyFetch(3 * HOUR, inRow, 1.25, 3 * HOUR, 86400))).toEqual([10800, 13500]);
    expect([6, 7].map((inRow) => growAfterEmptyFetch(2 * HOUR, inRow, 1.25, HOUR, 86400))).toEqual([7200, 9000]);
    expect([1, 2].map((inRow) => growAfterEmptyFetch(12 * HOUR, inRow, 1.25, HOUR, 86400))).toEqual([43200, 54000]);
    expect(SILENCE_GRACE_SECONDS).toBe(12 * HOUR);
  });

  it.each([
    [86400, 43200],
    [14400, 7200],
    [5000, 3600],
    [3600, 3600],
  ])("shrinks %i s by one halving step to %i s, never below the floor", (interval, expected) => {
    expect(shrinkInterval(interval, HOUR, 86400)).toBe(expected);
  });
});

describe("computeBackoff is truncated exponential", () => {
  it("doubles from 2 min: 2, 4, 8, 16, 32 min ... then the cap", () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => computeBackoff(n, 120, 6 * HOUR) / 60);
    expect(minutes).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 360, 360]);
  });

  it("stays finite for absurd error counts", () => {
    expect(computeBackoff(5000, 120, 6 * HOUR)).toBe(6 * HOUR);
  });
});

describe("computeNextCooldown doubles per failed probe, capped at a daily probe", () => {
  it("1, 2, 4, 8, 16, 24, 24 h", () => {
    const cooldowns: number[] = [];
    let current: number | null = null;
    for (let i = 0; i < 7; i += 1) {
      current = computeNextCooldown(current, DEFAULT_POLICY_SETTINGS);
      cooldowns.push(current / HOUR);
    }
    expect(cooldowns).toEqual([1, 2, 4, 8, 16, 24, 24]);
  });
});

describe("applyJitter draws from [wait, wait + jitterRatio x the jitterable part), never past the ceiling", () => {
  it.each<[string, number, () => number, number]>([
    ["random 0 adds nothing", 3600, () => 0, 3600],
    ["random ~1 adds just under 20%", 3600, () => 0.999999, 3600 * (1 + 0.999999 * 0.2)],
    ["at the ceiling there is no room above and, by default, none below: unchanged", 86400, () => 0.999999, 86400],
    ["near the ceiling the window ends there: [80000, 86400), half way", 80000, () => 0.5, 83200],
    ["a broken random above 1 still adds at most 20%", 100, () => 7, 120],
    ["a broken negative random adds nothing", 100, () => -1, 100],
    ["a broken NaN random adds nothing", 100, () => Number.NaN, 100],
  ])("%s", (_, wait, random, expected) => {
    expect(applyJitter(wait, random, 0.2, 86400)).toBeCloseTo(expected, 6);
  });

  it("the upper bound is never reached", () => {
    expect(applyJitter(3600, () => 0.999999, 0.2, 86400)).toBeLessThan(4320);
    expect(applyJitter(9000, () => 0.999999, 0.2, 86400, 3600)).toBeLessThan(10080);
    expect(applyJitter(86400, () => 0.999999, 0.2, 86400, 3600, 3600)).toBeLessThan(86400);
  });

  it.each<[string, number, () => number, number, number]>([
    ["a wait at the unjittered part gets nothing, random ~1", 3600, () => 0.999999, 3600, 3600],
    ["only the part above it is jittered, random 0", 9000, () => 0, 3600, 9000],
    ["only the part above it is jittered, random ~1", 9000, () => 0.999999, 3600, 9000 + 5400 * 0.999999 * 0.2],
    ["a wait shorter than the unjittered part gets nothing (never shortened)", 1800, () => 0.999999, 3600, 1800],
    ["a negative unjittered part counts as 0: the whole wait", 100, () => 0.999999, -50, 100 + 100 * 0.999999 * 0.2],
    ["the ceiling still stops it: [86000, 86400)", 86000, () => 0.999999, 3600, 86000 + 400 * 0.999999],
  ])("with an unjittered part: %s", (_, wait, random, unjittered, expected) => {
    expect(applyJitter(wait, random, 0.2, 86400, unjittered)).toBeCloseTo(expected, 6);
  });

  it.each<[string, number, () => number, number, number]>([
    // width 20% x (86400 - 3600) = 16560 s: [69840, 86400)
    ["at the ceiling, random 0: the window's start, 24 h - 16560 s", 86400, () => 0, 3600, 69840],
    ["at the ceiling, random 0.5: half way", 86400, () => 0.5, 3600, 78120],
    ["at the ceiling, random ~1: just under 24 h", 86400, () => 0.999999, 3600, 69840 + 16560 * 0.999999],
    // width 20% x (80000 - 3600) = 15280 s: [71120, 86400), below the wait itself
    ["near the ceiling, random 0: below the wait, 24 h - 15280 s", 80000, () => 0, 3600, 71120],
    ["never below the lowest allowed start: [80000, 86400)", 86400, () => 0, 80000, 80000],
    ["a lowest start at the ceiling leaves no room", 86400, () => 0.999999, 86400, 86400],
  ])("sliding below the ceiling down to a lowest start: %s", (_, wait, random, lowest, expected) => {
    expect(applyJitter(wait, random, 0.2, 86400, 3600, lowest)).toBeCloseTo(expected, 6);
  });
});

describe("classifyError", () => {
  it.each([
    ["timeout", "transient"],
    ["dns", "transient"],
    ["http_5xx", "transient"],
    ["database", "ours"],
    ["not_found", "configuration"],
    ["http_4xx", "configuration"],
    ["parse", "content"],
    ["not_a_feed", "content"],
    ["too_large", "content"],
    ["redirect_loop", "configuration"],
    ["blocked", "configuration"],
    ["rate_limited", "rate_limited"],
    ["gone", "gone"],
  ] as const)("%s is %s", (kind, expected) => {
    expect(classifyError(kind)).toBe(expected);
  });
});

describe("formatting for reasons", () => {
  it.each([
    ["2025-03-02T14:05:59.000Z", "14:05 UTC"],
    ["2025-03-03T00:10:00.000Z", "2025-03-03 00:10 UTC"],
  ])("formatUtcTime(%s)", (iso, expected) => {
    expect(formatUtcTime(new Date(iso), NOW)).toBe(expected);
  });

  it.each([
    [45, "45 s"],
    [120, "2 min"],
    [3600, "1 h"],
    [9000, "2 h 30 min"],
    [86400, "1 d"],
    [108000, "1 d 6 h"],
  ])("formatDuration(%i) = %s", (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
