// The caching badges' rule table (pure): from a few facts about a publisher's answers to one
// verdict per badge. Written once so that no two badges can contradict each other: a badge that
// depends on validators says nothing when the latest full response carried none, and "honours
// validators" is judged only after EVIDENCE_NEEDED conditional requests whose content was
// unchanged, the only ones that test it (a changed feed sent in full is the right answer and
// proves nothing). tests/unit/health-badges.test.ts runs every combination of the facts.
import { formatDuration } from "@/lib/pipeline/policy/format";
import type { CachingEvidence } from "@/lib/pipeline/store/fetch/caching-evidence";

/** Counted per fetch by lib/pipeline/store/fetch/caching-evidence.ts. */
export type ValidatorEvidence = CachingEvidence;

/** Conditional requests with unchanged content before "honours validators" becomes a verdict. */
export const EVIDENCE_NEEDED = 3;

export type CachingFacts = {
  /** What the latest full response carried ("unseen": no full response yet). */
  validators: "unseen" | "none" | "etag" | "last_modified" | "both";
  /** Conditional requests whose content was unchanged: none, fewer than EVIDENCE_NEEDED, or enough. */
  checks: "none" | "few" | "enough";
  /** Of those, how many got a 304 (only read when there are some). */
  answers: "all" | "some" | "none";
  /** ETag churn among full responses ("unknown": fewer than two to compare). */
  churn: "unknown" | "none" | "seen";
  compression: "unseen" | "on" | "off";
  maxAge: "unseen" | "set" | "none";
};

/** The numbers the labels quote. */
export type CachingCounts = ValidatorEvidence & { contentEncoding: string | null; maxAgeSeconds: number | null };

export type BadgeVerdict = "good" | "warn" | "bad" | "unknown";
export type BadgeKey = "validators" | "honours" | "churn" | "compression" | "max_age";
export type CachingBadge = {
  key: BadgeKey;
  label: string;
  verdict: BadgeVerdict;
  /** What it means for the publisher. */ meaning: string;
};

type BadgeRule = {
  key: BadgeKey;
  when: (facts: CachingFacts) => boolean;
  verdict: BadgeVerdict;
  label: (counts: CachingCounts) => string;
  meaning: string;
};

const unchanged = (counts: CachingCounts) => counts.answered304 + counts.resent;
const sendsEtag = (facts: CachingFacts) => facts.validators === "etag" || facts.validators === "both";
const VALIDATOR_NAMES = { etag: "ETag", last_modified: "Last-Modified", both: "ETag and Last-Modified" } as const;

/** Per key, the first rule that matches decides; every key's last rule matches everything. */
export const BADGE_RULES: readonly BadgeRule[] = [
  {
    key: "validators",
    when: (f) => f.validators === "unseen",
    verdict: "unknown",
    label: () => "Validators: not seen yet",
    meaning: "No full response in the log yet.",
  },
  {
    key: "validators",
    when: (f) => f.validators === "none",
    verdict: "bad",
    label: () => "Sends no validators",
    meaning:
      "Neither ETag nor Last-Modified: Tidings cannot ask “anything new?”, so every check downloads and renders the whole feed.",
  },
  ...(["etag", "last_modified", "both"] as const).map((which) => ({
    key: "validators" as const,
    when: (f: CachingFacts) => f.validators === which,
    verdict: "good" as const,
    label: () => `Sends ${VALIDATOR_NAMES[which]}`,
    meaning: `Tidings sends ${which === "last_modified" ? "the date back as If-Modified-Since" : "the ETag back as If-None-Match"}, so the server can answer “nothing new” (304) without sending the feed again.`,
  })),

  {
    key: "honours",
    when: (f) => f.validators === "none",
    verdict: "unknown",
    label: () => "Honours validators: nothing to test",
    meaning: "The latest full response carried no validators, so Tidings' checks cannot be conditional.",
  },
  {
    key: "honours",
    when: (f) => f.checks === "none",
    verdict: "unknown",
    label: () => "Honours validators: not tested yet",
    meaning:
      "No conditional request has met an unchanged feed yet; a changed feed sent in full is the right answer and proves nothing.",
  },
  {
    key: "honours",
    when: (f) => f.checks === "few",
    verdict: "unknown",
    label: (c) => `Honours validators: ${unchanged(c)} of ${EVIDENCE_NEEDED} checks needed`,
    meaning: `One observation is not a verdict: it takes ${EVIDENCE_NEEDED} conditional requests that met an unchanged feed.`,
  },
  {
    key: "honours",
    when: (f) => f.answers === "all",
    verdict: "good",
    label: (c) => `Honours validators (304 to ${c.answered304} of ${unchanged(c)})`,
    meaning:
      "When nothing changed the server says so with 304 Not Modified: a few hundred bytes of headers instead of the whole feed.",
  },
  {
    key: "honours",
    when: (f) => f.answers === "some",
    verdict: "warn",
    label: (c) => `Honours validators sometimes (304 to ${c.answered304} of ${unchanged(c)})`,
    meaning:
      "Some unchanged checks got a 304, others the whole feed again (often one of several servers behind a load balancer).",
  },
  {
    key: "honours",
    when: () => true,
    verdict: "bad",
    label: (c) => `Ignores validators (${c.resent} of ${unchanged(c)} resent)`,
    meaning:
      "Asked “only if changed”, the server sent the same feed again with 200: the publisher pays for a full response on every check.",
  },

  {
    key: "churn",
    when: (f) => !sendsEtag(f),
    verdict: "unknown",
    label: () => "ETag churn: no ETag to compare",
    meaning: "The latest full response carried no ETag.",
  },
  {
    key: "churn",
    when: (f) => f.churn === "unknown",
    verdict: "unknown",
    label: () => "ETag churn: not enough data",
    meaning: "Needs two full responses to compare.",
  },
  {
    key: "churn",
    when: (f) => f.churn === "none",
    verdict: "good",
    label: () => "Stable ETag",
    meaning: "The ETag changes only when the feed does, so “nothing new” can be recognised.",
  },
  {
    key: "churn",
    when: () => true,
    verdict: "bad",
    label: (c) => `ETag churn (${c.churned}×)`,
    meaning:
      "The ETag changed while the body stayed byte-for-byte the same (often one per server behind a load balancer): every check costs a full download.",
  },

  {
    key: "compression",
    when: (f) => f.compression === "unseen",
    verdict: "unknown",
    label: () => "Compression: not seen yet",
    meaning: "No full response in the log yet.",
  },
  {
    key: "compression",
    when: (f) => f.compression === "on",
    verdict: "good",
    label: (c) => `Compressed (${c.contentEncoding})`,
    meaning: "The feed travels compressed: typically 70–90% fewer bytes than plain XML.",
  },
  {
    key: "compression",
    when: () => true,
    verdict: "warn",
    label: () => "Uncompressed",
    meaning:
      "Tidings asks for gzip or brotli but the feed comes uncompressed: switching compression on would cut the publisher's traffic several times over.",
  },

  {
    key: "max_age",
    when: (f) => f.maxAge === "unseen",
    verdict: "unknown",
    label: () => "max-age: not seen yet",
    meaning: "No successful response in the log yet.",
  },
  {
    key: "max_age",
    when: (f) => f.maxAge === "set",
    verdict: "good",
    label: (c) => `max-age ${formatDuration(c.maxAgeSeconds ?? 0)}`,
    meaning: "Cache-Control says how long the feed stays fresh: Tidings never checks more often than that.",
  },
  {
    key: "max_age",
    when: () => true,
    verdict: "unknown",
    label: () => "No max-age",
    meaning: "No Cache-Control max-age: Tidings chooses its own interval from how often the feed changes.",
  },
];

export const BADGE_KEYS: readonly BadgeKey[] = ["validators", "honours", "churn", "compression", "max_age"];

/** One badge per key, in BADGE_KEYS order. */
export function applyBadgeRules(facts: CachingFacts, counts: CachingCounts): CachingBadge[] {
  return BADGE_KEYS.map((key) => {
    const rule = BADGE_RULES.find((candidate) => candidate.key === key && candidate.when(facts))!;
    return { key, label: rule.label(counts), verdict: rule.verdict, meaning: rule.meaning };
  });
}

/** The evidence's part of the facts (the rest comes from the latest responses). */
export function judgeEvidence(evidence: ValidatorEvidence): Pick<CachingFacts, "checks" | "answers" | "churn"> {
  const checked = evidence.answered304 + evidence.resent;
  return {
    checks: checked === 0 ? "none" : checked < EVIDENCE_NEEDED ? "few" : "enough",
    answers: evidence.resent === 0 ? "all" : evidence.answered304 === 0 ? "none" : "some",
    churn: evidence.fullResponses < 2 ? "unknown" : evidence.churned > 0 ? "seen" : "none",
  };
}
