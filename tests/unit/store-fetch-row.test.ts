// The fetch row records the max-age the policy obeyed: one parse of Cache-Control for both.
import { describe, expect, it } from "vitest";
import { buildFetchRow } from "@/lib/pipeline/store/fetch/fetch-row";
import { driftBucketMs, driftHour } from "@/lib/pipeline/store/fetch/drift-rollup";
import { parseMaxAge } from "@/lib/pipeline/policy/cache-control";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import type { ResponseMeta } from "@/lib/pipeline/fetch/types";

function attemptWith(cacheControl: string | null): Attempt {
  const meta: ResponseMeta = {
    requestedUrl: "http://127.0.0.1/feed",
    finalUrl: "http://127.0.0.1/feed",
    redirects: [],
    permanentRedirectUrl: null,
    httpStatus: 200,
    conditional: false,
    bytesReceived: 100,
    durationMs: 12,
    laneWaitMs: 0,
    headers: {
      etag: null,
      lastModified: null,
      cacheControl,
      expires: null,
      retryAfter: null,
      contentType: "application/rss+xml",
      contentEncoding: null,
      date: null,
      contentLocation: null,
      link: null,
    },
  };
  return {
    sourceId: 1,
    startedAt: new Date(0),
    finishedAt: new Date(12),
    outcome: "ok",
    errorKind: null,
    detail: null,
    meta,
    bodyHash: null,
    bodyBytes: 100,
    bodyUnchanged: false,
    refused: null,
    discoveredFeedUrl: null,
    feed: null,
    storedInBatches: null,
    parseMs: null,
    reading: null,
    manual: false,
  };
}

describe("the fetch row's max-age", () => {
  it.each([
    ["max-age=300", 300],
    ['no-cache="a, max-age=5"', null],
    ['no-cache="a, max-age=5", max-age=60', 60],
    ['MAX-AGE="120"', 120],
    ["s-maxage=600", null],
    ["max-age=abc", null],
    [null, null],
  ])("%s is read as the policy reads it (%s)", (header, expected) => {
    const row = buildFetchRow({
      attempt: attemptWith(header),
      roundId: null,
      newArticles: 0,
      updatedArticles: 0,
      dueAt: new Date(0),
    });
    expect(row.maxAgeSeconds).toBe(expected);
    expect(row.maxAgeSeconds).toBe(parseMaxAge(header));
  });

  it("a max-age beyond a 32-bit column is stored at the column's limit", () => {
    const row = buildFetchRow({
      attempt: attemptWith("max-age=99999999999999999999"),
      roundId: null,
      newArticles: 0,
      updatedArticles: 0,
      dueAt: new Date(0),
    });
    expect(row.maxAgeSeconds).toBe(2_147_483_647);
  });

  it("a drift beyond 32 bits (a source due 40 days ago) is stored at the column's limit, so the insert cannot fail", () => {
    const attempt = attemptWith(null);
    const dueAt = new Date(attempt.startedAt.getTime() - 40 * 24 * 3600_000);
    const row = buildFetchRow({ attempt, roundId: 1, newArticles: 0, updatedArticles: 0, dueAt });
    expect(row.driftMs).toBe(2_147_483_647);
  });
});

describe("the drift roll-up's bucket", () => {
  it("rounds toward zero to two significant digits, never finer than 100 ms, either sign", () => {
    const cases: Array<[number, number]> = [
      [0, 0],
      [99, 0],
      [-99, 0],
      [-150, -100],
      [4270, 4200],
      [9999, 9900],
      [10_000, 10_000],
      [59_999, 59_000],
      [899_000, 890_000],
      [5_432_100, 5_400_000],
      [2_147_483_647, 2_100_000_000],
      [-2_147_483_648, -2_100_000_000],
    ];
    expect(cases.map(([driftMs]) => driftBucketMs(driftMs))).toEqual(cases.map(([, bucket]) => bucket));
    // Never above the value, and at most 10% (or 100 ms) below it.
    for (let driftMs = 1; driftMs < 3_000_000_000 / 7; driftMs = driftMs * 7 + 3) {
      const bucket = driftBucketMs(driftMs);
      expect(bucket).toBeLessThanOrEqual(driftMs);
      expect(driftMs - bucket).toBeLessThanOrEqual(Math.max(100, driftMs / 10));
    }
  });

  it("keys a fetch by its UTC hour", () => {
    expect(driftHour(new Date("2030-01-10T23:59:59.999Z"))).toBe("2030-01-10T23");
  });
});
