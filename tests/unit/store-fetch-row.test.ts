// The fetch row records the max-age the policy obeyed: one parse of Cache-Control for both.
import { describe, expect, it } from "vitest";
import { buildFetchRow } from "@/lib/pipeline/store/fetch/fetch-row";
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
