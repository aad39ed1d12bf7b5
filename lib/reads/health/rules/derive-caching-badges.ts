// The source page's caching badges: the evidence counted from its latest fetches
// (lib/pipeline/store/fetch/caching-evidence.ts) and what its latest responses carried, judged by the one rule
// table (caching-badge-rules.ts). Pure.
import {
  applyBadgeRules,
  judgeEvidence,
  type CachingBadge,
  type CachingFacts,
  type ValidatorEvidence,
} from "@/lib/reads/health/rules/caching-badge-rules";

export type BadgeFetch = {
  startedAt: Date;
  outcome: string;
  etagReceived: string | null;
  lastModifiedReceived: string | null;
  contentEncoding: string | null;
  maxAgeSeconds: number | null;
};

/** The badges read this many of the latest fetches: recent behaviour, not ancient history. */
export const BADGE_WINDOW = 100;

export { NO_EVIDENCE } from "@/lib/pipeline/store/fetch/caching-evidence";

export function deriveCachingBadges(evidence: ValidatorEvidence, recent: readonly BadgeFetch[]): CachingBadge[] {
  const newestFirst = [...recent].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  const full = newestFirst.find((row) => row.outcome === "ok") ?? null;
  // A push carries the hub's headers, not the publisher's: only answers to requests count.
  const answered = newestFirst.find((row) => row.outcome === "ok" || row.outcome === "not_modified") ?? null;
  const encoding =
    full?.contentEncoding && full.contentEncoding.toLowerCase() !== "identity" ? full.contentEncoding : null;
  const facts: CachingFacts = {
    validators: validatorsOf(full),
    ...judgeEvidence(evidence),
    compression: full === null ? "unseen" : encoding ? "on" : "off",
    maxAge: answered === null ? "unseen" : answered.maxAgeSeconds !== null ? "set" : "none",
  };
  return applyBadgeRules(facts, {
    ...evidence,
    contentEncoding: encoding,
    maxAgeSeconds: answered?.maxAgeSeconds ?? null,
  });
}

/** A publisher's verdict over all its sources: what their latest responses carried is not one fact, so only the evidence speaks. */
export function judgeHonouring(evidence: ValidatorEvidence): CachingBadge {
  const facts: CachingFacts = {
    validators: "unseen",
    ...judgeEvidence(evidence),
    compression: "unseen",
    maxAge: "unseen",
  };
  return applyBadgeRules(facts, { ...evidence, contentEncoding: null, maxAgeSeconds: null }).find(
    (badge) => badge.key === "honours",
  )!;
}

function validatorsOf(full: BadgeFetch | null): CachingFacts["validators"] {
  if (full === null) return "unseen";
  const etag = full.etagReceived !== null;
  const lastModified = full.lastModifiedReceived !== null;
  return etag && lastModified ? "both" : etag ? "etag" : lastModified ? "last_modified" : "none";
}
