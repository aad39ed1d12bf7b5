// The one rule that says what a fetch tells about a publisher's conditional requests: the daily
// roll-up counts each fetch by it as it is stored, the source page sums its latest fetches by it.
import { describe, expect, it } from "vitest";
import {
  classifyCachingEvidence,
  needsPreviousFullEtag,
  NO_EVIDENCE,
  sumCachingEvidence,
  type AnsweredFetch,
  type CachingEvidence,
} from "@/lib/pipeline/store/fetch/caching-evidence";

const fetch = (fields: Partial<AnsweredFetch>): AnsweredFetch => ({
  outcome: "ok",
  conditional: true,
  bodyUnchanged: false,
  etagReceived: null,
  ...fields,
});
const only = (key: keyof CachingEvidence, also: Partial<CachingEvidence> = {}): CachingEvidence => ({
  ...NO_EVIDENCE,
  [key]: 1,
  ...also,
});

describe("classifyCachingEvidence", () => {
  it.each<[string, AnsweredFetch, string | null, CachingEvidence]>([
    ["a conditional request answered 304", fetch({ outcome: "not_modified" }), null, only("answered304")],
    [
      "a 304 to an unconditional request is no evidence",
      fetch({ outcome: "not_modified", conditional: false }),
      null,
      NO_EVIDENCE,
    ],
    [
      "the same feed under a new ETag is churn",
      fetch({ bodyUnchanged: true, etagReceived: '"b"' }),
      '"a"',
      only("churned", { fullResponses: 1 }),
    ],
    [
      "the same feed under the same ETag was resent",
      fetch({ bodyUnchanged: true, etagReceived: '"a"' }),
      '"a"',
      only("resent", { fullResponses: 1 }),
    ],
    [
      "the same feed with no ETag to compare was resent",
      fetch({ bodyUnchanged: true }),
      '"a"',
      only("resent", { fullResponses: 1 }),
    ],
    [
      "the same feed with no previous ETag was resent",
      fetch({ bodyUnchanged: true, etagReceived: '"b"' }),
      null,
      only("resent", { fullResponses: 1 }),
    ],
    [
      "a changed feed to a conditional request",
      fetch({ etagReceived: '"b"' }),
      '"a"',
      only("changed", { fullResponses: 1 }),
    ],
    [
      "an unconditional full response counts as one only",
      fetch({ conditional: false, bodyUnchanged: true }),
      null,
      only("fullResponses"),
    ],
    [
      "an unconditional churn is still churn",
      fetch({ conditional: false, bodyUnchanged: true, etagReceived: '"b"' }),
      '"a"',
      only("churned", { fullResponses: 1 }),
    ],
    [
      "an error says nothing",
      fetch({ outcome: "error", bodyUnchanged: true, etagReceived: '"b"' }),
      '"a"',
      NO_EVIDENCE,
    ],
  ])("%s", (_, answered, previous, expected) => {
    expect(classifyCachingEvidence(answered, previous)).toEqual(expected);
  });

  it("asks for the previous full response's ETag only when the fetch could be churn", () => {
    expect(needsPreviousFullEtag(fetch({ bodyUnchanged: true, etagReceived: '"b"' }))).toBe(true);
    expect(needsPreviousFullEtag(fetch({ bodyUnchanged: true }))).toBe(false);
    expect(needsPreviousFullEtag(fetch({ etagReceived: '"b"' }))).toBe(false);
    expect(needsPreviousFullEtag(fetch({ outcome: "not_modified", bodyUnchanged: true, etagReceived: '"b"' }))).toBe(
      false,
    );
  });
});

describe("sumCachingEvidence", () => {
  it("compares each full response with the previous full one, across 304s, oldest first", () => {
    const run = [
      fetch({ conditional: false, etagReceived: '"v1"' }),
      fetch({ outcome: "not_modified", etagReceived: '"v9"' }),
      fetch({ bodyUnchanged: true, etagReceived: '"v2"' }),
      fetch({ bodyUnchanged: true, etagReceived: '"v2"' }),
    ];
    expect(sumCachingEvidence(run)).toEqual({ fullResponses: 3, answered304: 1, churned: 1, resent: 1, changed: 0 });
  });

  it("counts nothing for no fetches", () => {
    expect(sumCachingEvidence([])).toEqual(NO_EVIDENCE);
  });
});
