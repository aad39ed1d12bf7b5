import { describe, expect, it } from "vitest";
import {
  applyBadgeRules,
  BADGE_KEYS,
  EVIDENCE_NEEDED,
  judgeEvidence,
  type BadgeVerdict,
  type CachingCounts,
  type CachingFacts,
} from "@/lib/reads/health/rules/caching-badge-rules";
import {
  deriveCachingBadges,
  judgeHonouring,
  NO_EVIDENCE,
  type BadgeFetch,
} from "@/lib/reads/health/rules/derive-caching-badges";

const VALUES: { [K in keyof CachingFacts]: readonly CachingFacts[K][] } = {
  validators: ["unseen", "none", "etag", "last_modified", "both"],
  checks: ["none", "few", "enough"],
  answers: ["all", "some", "none"],
  churn: ["unknown", "none", "seen"],
  compression: ["unseen", "on", "off"],
  maxAge: ["unseen", "set", "none"],
};

function everyCombination(): CachingFacts[] {
  let combinations: Partial<CachingFacts>[] = [{}];
  for (const [key, values] of Object.entries(VALUES) as [keyof CachingFacts, readonly string[]][]) {
    combinations = combinations.flatMap((partial) => values.map((value) => ({ ...partial, [key]: value })));
  }
  return combinations as CachingFacts[];
}

const COUNTS: CachingCounts = {
  fullResponses: 4,
  answered304: 2,
  churned: 1,
  resent: 1,
  changed: 1,
  contentEncoding: "gzip",
  maxAgeSeconds: 3600,
};

/** The expected verdict of every badge, for every combination of the facts it reads. */
const EXPECTED: Record<(typeof BADGE_KEYS)[number], (facts: CachingFacts) => BadgeVerdict> = {
  validators: (f) =>
    (({ unseen: "unknown", none: "bad", etag: "good", last_modified: "good", both: "good" }) as const)[f.validators],
  honours: (f) =>
    f.validators === "none" || f.checks !== "enough"
      ? "unknown"
      : ({ all: "good", some: "warn", none: "bad" } as const)[f.answers],
  churn: (f) =>
    f.validators !== "etag" && f.validators !== "both"
      ? "unknown"
      : ({ unknown: "unknown", none: "good", seen: "bad" } as const)[f.churn],
  compression: (f) => (({ unseen: "unknown", on: "good", off: "warn" }) as const)[f.compression],
  max_age: (f) => (({ unseen: "unknown", set: "good", none: "unknown" }) as const)[f.maxAge],
};

describe("the caching badge rule table", () => {
  const all = everyCombination();

  it(`covers all ${5 * 3 ** 5} combinations of its facts, one badge per key, each as the table says`, () => {
    expect(all).toHaveLength(5 * 3 ** 5);
    for (const facts of all) {
      const badges = applyBadgeRules(facts, COUNTS);
      expect(badges.map((badge) => badge.key)).toEqual(BADGE_KEYS);
      const got = Object.fromEntries(badges.map((badge) => [badge.key, badge.verdict]));
      const want = Object.fromEntries(BADGE_KEYS.map((key) => [key, EXPECTED[key](facts)]));
      expect({ facts, verdicts: got }).toEqual({ facts, verdicts: want });
      for (const badge of badges) expect(badge.label.length * badge.meaning.length).toBeGreaterThan(0);
    }
  });

  it("never contradicts itself in any combination", () => {
    for (const facts of all) {
      const verdict = Object.fromEntries(applyBadgeRules(facts, COUNTS).map((badge) => [badge.key, badge.verdict]));
      // "Sends no validators" leaves nothing for the badges that judge validators.
      if (verdict.validators === "bad") expect([verdict.honours, verdict.churn]).toEqual(["unknown", "unknown"]);
      // A verdict on honouring validators only after enough unchanged checks.
      if (verdict.honours !== "unknown") expect(facts.checks).toBe("enough");
      // Nothing is judged before anything was seen.
      if (facts.validators === "unseen") expect(verdict.churn).toBe("unknown");
    }
  });

  it("turns the counts into facts at the evidence threshold", () => {
    const evidence = (answered304: number, resent: number, fullResponses = 1, churned = 0) => ({
      ...NO_EVIDENCE,
      answered304,
      resent,
      fullResponses,
      churned,
    });
    expect(EVIDENCE_NEEDED).toBe(3);
    expect(judgeEvidence(evidence(0, 0))).toEqual({ checks: "none", answers: "all", churn: "unknown" });
    expect(judgeEvidence(evidence(2, 0))).toEqual({ checks: "few", answers: "all", churn: "unknown" });
    expect(judgeEvidence(evidence(3, 0, 2))).toEqual({ checks: "enough", answers: "all", churn: "none" });
    expect(judgeEvidence(evidence(2, 1, 2, 1))).toEqual({ checks: "enough", answers: "some", churn: "seen" });
    expect(judgeEvidence(evidence(0, 3))).toEqual({ checks: "enough", answers: "none", churn: "unknown" });
  });
});

describe("the source page's badges", () => {
  const T0 = Date.parse("2026-11-01T00:00:00Z");
  const row = (minute: number, overrides: Partial<BadgeFetch>): BadgeFetch => ({
    startedAt: new Date(T0 + minute * 60_000),
    outcome: "ok",
    etagReceived: null,
    lastModifiedReceived: null,
    contentEncoding: null,
    maxAgeSeconds: null,
    ...overrides,
  });

  it("says nothing about honouring after ONE conditional request that got a changed feed (issue 18)", () => {
    const recent = [row(1, { etagReceived: '"a"' }), row(2, { etagReceived: '"b"' })];
    const badges = deriveCachingBadges({ ...NO_EVIDENCE, fullResponses: 2, changed: 1 }, recent);
    expect(badges.find((badge) => badge.key === "honours")).toMatchObject({
      verdict: "unknown",
      label: "Honours validators: not tested yet",
    });
    expect(
      badges.filter((badge) => badge.verdict === "warn" || badge.verdict === "bad").map((badge) => badge.key),
    ).toEqual(["compression"]);
  });

  it("reads validators and compression from the latest full response, max-age from the latest answer, whatever the order", () => {
    const recent = [
      row(3, { outcome: "not_modified", maxAgeSeconds: 600 }),
      row(2, { etagReceived: '"x"', lastModifiedReceived: "Mon, 01 Jan 2024 10:00:00 GMT", contentEncoding: "br" }),
      row(1, { contentEncoding: null }),
      row(4, { outcome: "error", maxAgeSeconds: null }),
    ];
    const badges = deriveCachingBadges({ ...NO_EVIDENCE, fullResponses: 2, answered304: 3 }, recent);
    expect(badges.map((badge) => badge.label)).toEqual([
      "Sends ETag and Last-Modified",
      "Honours validators (304 to 3 of 3)",
      "Stable ETag",
      "Compressed (br)",
      "max-age 10 min",
    ]);
  });

  it("judges a publisher from its evidence alone", () => {
    expect(judgeHonouring({ ...NO_EVIDENCE, answered304: 1 })).toMatchObject({
      verdict: "unknown",
      label: "Honours validators: 1 of 3 checks needed",
    });
    expect(judgeHonouring({ ...NO_EVIDENCE, resent: 4 })).toMatchObject({
      verdict: "bad",
      label: "Ignores validators (4 of 4 resent)",
    });
  });
});
