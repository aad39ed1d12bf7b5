// What one fetch says about how its publisher answers conditional requests: the one home of this
// rule. The daily roll-up adds each fetch's counts as it is stored (so the publisher view reads
// FetchDaily, not the raw log), and the source page counts its latest fetches with the same
// function.
//
// Among fetches that reached the publisher's answer (errors say nothing about caching):
// - answered304: a conditional request answered 304 Not Modified;
// - churned: a full response whose body is byte-for-byte the previous full one's while its ETag
//   differs from that one's (one ETag per server behind a load balancer): the server never saw
//   the ETag it would have matched, so this is churn, not ignoring;
// - resent: a conditional request answered with the same body again (not churned): the
//   validators were ignored;
// - changed: a conditional request answered with a changed feed: the right answer, and no
//   evidence either way about 304s.

export type CachingEvidence = {
  fullResponses: number;
  answered304: number;
  churned: number;
  resent: number;
  changed: number;
};

export type AnsweredFetch = {
  outcome: string;
  conditional: boolean;
  bodyUnchanged: boolean;
  etagReceived: string | null;
};

export const NO_EVIDENCE: CachingEvidence = { fullResponses: 0, answered304: 0, churned: 0, resent: 0, changed: 0 };

/** This fetch's counts; `previousFullEtag` is the ETag of the source's previous full (200) response. */
export function classifyCachingEvidence(fetch: AnsweredFetch, previousFullEtag: string | null): CachingEvidence {
  const full = fetch.outcome === "ok";
  const churn =
    full &&
    fetch.bodyUnchanged &&
    fetch.etagReceived !== null &&
    previousFullEtag !== null &&
    fetch.etagReceived !== previousFullEtag;
  return {
    fullResponses: full ? 1 : 0,
    answered304: fetch.conditional && fetch.outcome === "not_modified" ? 1 : 0,
    churned: churn ? 1 : 0,
    resent: fetch.conditional && full && fetch.bodyUnchanged && !churn ? 1 : 0,
    changed: fetch.conditional && full && !fetch.bodyUnchanged ? 1 : 0,
  };
}

/** Whether the rule needs the previous full response's ETag for this fetch (a churn candidate). */
export function needsPreviousFullEtag(fetch: AnsweredFetch): boolean {
  return fetch.outcome === "ok" && fetch.bodyUnchanged && fetch.etagReceived !== null;
}

/**
 * The counts of a run of fetches, oldest first: each full response is compared with the previous
 * full response of the run (the first one with none).
 */
export function sumCachingEvidence(fetches: AnsweredFetch[]): CachingEvidence {
  const total = { ...NO_EVIDENCE };
  let previousFullEtag: string | null = null;
  for (const fetch of fetches) {
    const counts = classifyCachingEvidence(fetch, previousFullEtag);
    for (const key of Object.keys(total) as Array<keyof CachingEvidence>) total[key] += counts[key];
    if (fetch.outcome === "ok") previousFullEtag = fetch.etagReceived;
  }
  return total;
}
