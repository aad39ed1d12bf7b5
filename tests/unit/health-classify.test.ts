import { describe, expect, it } from "vitest";
import {
  classifySourceHealth,
  HEALTH_STATE_URGENCY,
  SOURCE_HEALTH_STATES,
  type SourceHealthInput,
} from "@/lib/reads/health/rules/classify-source-health";
import { HEALTH_STATE_META } from "@/lib/reads/health/rules/health-state-meta";

const NOW = new Date("2026-11-30T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

const HEALTHY: SourceHealthInput = {
  enabled: true,
  disabledReason: null,
  breakerState: "closed",
  consecutiveErrors: 0,
  retryAfterUntil: null,
  lastOutcome: "ok",
  lastNewArticleAt: daysAgo(1),
  createdAt: daysAgo(100),
};

describe("classifySourceHealth", () => {
  it.each<[string, Partial<SourceHealthInput>, string]>([
    ["a source that fetches and gets new articles is healthy", {}, "healthy"],
    ["a 304 with recent news is healthy", { lastOutcome: "not_modified" }, "healthy"],
    [
      "a new source not fetched yet is new",
      { lastOutcome: null, lastNewArticleAt: null, createdAt: daysAgo(0) },
      "new",
    ],
    [
      "a source never fetched for months is still new, not 'quiet' (nothing was fetched)",
      { lastOutcome: null, lastNewArticleAt: null },
      "new",
    ],
    [
      "nothing new for 30 days while fetches succeed is quiet",
      { lastOutcome: "not_modified", lastNewArticleAt: daysAgo(30) },
      "quiet",
    ],
    ["29 days without news is still healthy", { lastNewArticleAt: daysAgo(29) }, "healthy"],
    [
      "no new article ever since it was added 40 days ago is quiet",
      { lastNewArticleAt: null, createdAt: daysAgo(40) },
      "quiet",
    ],
    [
      "an empty feed added 10 days ago is not quiet yet (not silent for 30 days)",
      { lastNewArticleAt: null, createdAt: daysAgo(10) },
      "healthy",
    ],
    ["an error in a row is backing off", { lastOutcome: "error", consecutiveErrors: 1 }, "backing_off"],
    [
      "an uncounted error (offline round, our database: counter 0) leaves it as its other fields say",
      { lastOutcome: "error", consecutiveErrors: 0 },
      "healthy",
    ],
    [
      "an uncounted error on a silent source leaves it quiet",
      { lastOutcome: "error", consecutiveErrors: 0, lastNewArticleAt: daysAgo(45) },
      "quiet",
    ],
    [
      "a 429 whose hold is over is no longer backing off",
      { lastOutcome: "error", retryAfterUntil: new Date(NOW.getTime() - 60_000) },
      "healthy",
    ],
    [
      "a Retry-After in the future is backing off",
      { retryAfterUntil: new Date(NOW.getTime() + 60_000), lastOutcome: "error" },
      "backing_off",
    ],
    ["a Retry-After in the past does not count", { retryAfterUntil: new Date(NOW.getTime() - 60_000) }, "healthy"],
    [
      "an open breaker wins over backing off",
      { breakerState: "open", consecutiveErrors: 5, lastOutcome: "error" },
      "breaker_open",
    ],
    ["a half-open breaker counts as open", { breakerState: "half_open", consecutiveErrors: 5 }, "breaker_open"],
    ["a source disabled by the user is disabled", { enabled: false, disabledReason: "user" }, "disabled"],
    [
      "a source disabled after 410 Gone is gone",
      { enabled: false, disabledReason: "gone", lastOutcome: "error", consecutiveErrors: 1 },
      "gone",
    ],
    [
      "disabled wins over an open breaker",
      { enabled: false, disabledReason: "user", breakerState: "open" },
      "disabled",
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(classifySourceHealth({ ...HEALTHY, ...overrides }, NOW)).toBe(expected);
  });

  it("gives every state a label, a glyph and an urgency, each glyph distinct (readable without colour)", () => {
    const glyphs = SOURCE_HEALTH_STATES.map((state) => HEALTH_STATE_META[state].glyph);
    expect(new Set(glyphs).size).toBe(SOURCE_HEALTH_STATES.length);
    expect(SOURCE_HEALTH_STATES.map((state) => HEALTH_STATE_URGENCY[state]).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...SOURCE_HEALTH_STATES].sort((a, b) => HEALTH_STATE_URGENCY[a] - HEALTH_STATE_URGENCY[b])).toEqual([
      "gone",
      "breaker_open",
      "backing_off",
      "quiet",
      "new",
      "disabled",
      "healthy",
    ]);
  });
});
