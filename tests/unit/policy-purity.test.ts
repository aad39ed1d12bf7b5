import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decideNext, DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import type { Observation, ScheduleState } from "@/lib/pipeline/policy";

// The policy is a pure function: same inputs, same decision; no clock, no global randomness.

const STATE: ScheduleState = {
  feedUrl: "https://example.com/feed.xml",
  enabled: true,
  disabledReason: null,
  intervalSeconds: 7200,
  minIntervalSeconds: null,
  publisherFloorSeconds: 3600,
  consecutiveNotModified: 1,
  consecutiveErrors: 0,
  breakerState: "closed",
  breakerChangedAt: null,
  breakerCooldownSeconds: null,
  retryAfterUntil: null,
  pendingRedirectUrl: "https://example.com/new.xml",
  pendingRedirectCount: 1,
  lastSuccessAt: new Date("1999-01-01T10:00:00.000Z"),
};

const OBSERVATIONS: Observation[] = [
  {
    outcome: "ok",
    errorKind: null,
    httpStatus: 200,
    newArticles: 2,
    bodyUnchanged: false,
    discoveredFeedUrl: null,
    permanentRedirectUrl: "https://example.com/new.xml",
    retryAfter: null,
    cacheControl: "max-age=600",
    expires: null,
    date: "Fri, 01 Jan 1999 12:00:00 GMT",
    feedTtlSeconds: null,
    itemDates: [new Date("1999-01-01T09:00:00.000Z"), new Date("1999-01-01T11:00:00.000Z")],
    offline: false,
  },
  {
    outcome: "error",
    errorKind: "rate_limited",
    httpStatus: 429,
    newArticles: 0,
    bodyUnchanged: false,
    discoveredFeedUrl: null,
    permanentRedirectUrl: null,
    retryAfter: "Fri, 01 Jan 1999 15:00:00 GMT",
    cacheControl: null,
    expires: null,
    date: null,
    feedTtlSeconds: null,
    itemDates: [],
    offline: false,
  },
];

const LONG_AGO = new Date("1999-01-01T12:00:00.000Z");

describe("decideNext is pure", () => {
  it.each(OBSERVATIONS.map((o) => [o.outcome === "ok" ? "an ok fetch" : "a 429", o] as const))(
    "%s: the same arguments twice give deep-equal decisions and leave the inputs untouched",
    (_, observation) => {
      const stateBefore = structuredClone(STATE);
      const observationBefore = structuredClone(observation);
      const first = decideNext(STATE, observation, LONG_AGO, DEFAULT_POLICY_SETTINGS, () => 0.42);
      const second = decideNext(STATE, observation, LONG_AGO, DEFAULT_POLICY_SETTINGS, () => 0.42);
      expect(second).toEqual(first);
      expect(STATE).toEqual(stateBefore);
      expect(observation).toEqual(observationBefore);
    },
  );

  it("computes every time from the `now` it is given, even one far in the past", () => {
    const decision = decideNext(STATE, OBSERVATIONS[0]!, LONG_AGO, DEFAULT_POLICY_SETTINGS, () => 0);
    expect(decision.nextDueAt.toISOString()).toBe("1999-01-01T13:00:00.000Z");
    expect(decision.next.lastSuccessAt).toEqual(LONG_AGO);
    const limited = decideNext(STATE, OBSERVATIONS[1]!, LONG_AGO, DEFAULT_POLICY_SETTINGS, () => 0);
    expect(limited.hostRetryAfterUntil?.toISOString()).toBe("1999-01-01T15:00:00.000Z");
  });

  it("asks `random` at most once per decision", () => {
    for (const observation of OBSERVATIONS) {
      let calls = 0;
      decideNext(STATE, observation, LONG_AGO, DEFAULT_POLICY_SETTINGS, () => {
        calls += 1;
        return 0.5;
      });
      expect(calls).toBeLessThanOrEqual(1);
    }
  });
});

describe("lib/pipeline/policy source", () => {
  const dir = path.resolve(__dirname, "../../lib/pipeline/policy");
  const files = readdirSync(dir).filter((name) => name.endsWith(".ts"));

  it.each(files)("%s reads no clock, no global randomness and does no I/O", (name) => {
    // Comments may name what the code avoids; only the code itself counts.
    const source = readFileSync(path.join(dir, name), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "");
    expect(source).not.toMatch(/Date\.now\s*\(/);
    expect(source).not.toMatch(/new Date\s*\(\s*\)/);
    expect(source).not.toMatch(/Math\.random/);
    expect(source).not.toMatch(/performance\.now|process\.|from\s+"node:|\bfetch\s*\(/);
  });
});
