// What a source's fetch log says about its publisher's HTTP caching, in plain words (pure).
// Every badge is derived from Fetch rows only, so it follows the publisher when they fix (or
// break) their server, and it can be tested from a list of rows.
import { formatDuration } from "@/lib/policy/format";

export type BadgeFetch = {
  startedAt: Date;
  outcome: string;
  conditional: boolean;
  bodyUnchanged: boolean;
  etagReceived: string | null;
  lastModifiedReceived: string | null;
  contentEncoding: string | null;
  maxAgeSeconds: number | null;
};

export type BadgeVerdict = "good" | "warn" | "bad" | "unknown";

export type CachingBadge = {
  key: "validators" | "honours" | "churn" | "ignores" | "compression" | "max_age";
  label: string;
  verdict: BadgeVerdict;
  /** What it means for the publisher, in one or two sentences. */
  meaning: string;
};

/** The badges read this many of the latest fetches: recent behaviour, not ancient history. */
export const BADGE_WINDOW = 100;

export function deriveCachingBadges(fetches: readonly BadgeFetch[]): CachingBadge[] {
  const rows = [...fetches].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()).slice(-BADGE_WINDOW);
  const fullResponses = rows.filter((row) => row.outcome === "ok");
  const churnRows = findChurnRows(fullResponses);
  return [
    validatorsBadge(fullResponses),
    honoursBadge(rows),
    churnBadge(fullResponses, churnRows),
    ignoresBadge(fullResponses, churnRows),
    compressionBadge(fullResponses),
    maxAgeBadge(rows),
  ];
}

function validatorsBadge(full: BadgeFetch[]): CachingBadge {
  const latest = full.at(-1);
  if (!latest) return unknown("validators", "Validators: not seen yet", "No full response in the log yet.");
  const etag = latest.etagReceived !== null;
  const lastModified = latest.lastModifiedReceived !== null;
  if (etag || lastModified) {
    const which = etag && lastModified ? "ETag and Last-Modified" : etag ? "ETag" : "Last-Modified";
    return {
      key: "validators",
      label: `Sends ${which}`,
      verdict: "good",
      meaning: `Tidings sends ${etag ? "the ETag back as If-None-Match" : "the date back as If-Modified-Since"}, so the server can answer “nothing new” (304) without sending the feed again.`,
    };
  }
  return {
    key: "validators",
    label: "Sends no validators",
    verdict: "bad",
    meaning: "Neither ETag nor Last-Modified: Tidings cannot ask “anything new?”, so every check downloads and renders the whole feed.",
  };
}

function honoursBadge(rows: BadgeFetch[]): CachingBadge {
  const conditional = rows.filter((row) => row.conditional && row.outcome !== "error");
  if (conditional.length === 0) return unknown("honours", "Answers 304: not tested yet", "Tidings has not sent a conditional request yet (it needs validators from an earlier response).");
  const notModified = conditional.filter((row) => row.outcome === "not_modified").length;
  if (notModified > 0) {
    return {
      key: "honours",
      label: `Answers 304 (${notModified} of ${conditional.length})`,
      verdict: "good",
      meaning: "When nothing changed the server says so with 304 Not Modified: a few hundred bytes of headers instead of the whole feed.",
    };
  }
  return {
    key: "honours",
    label: `Never answered 304 (${conditional.length} tries)`,
    verdict: "warn",
    meaning: "The server always sends the full feed, even when asked “only if changed”: the publisher pays for a full response on every check.",
  };
}

function churnBadge(full: BadgeFetch[], churnRows: Set<BadgeFetch>): CachingBadge {
  if (full.length < 2) return unknown("churn", "Validator churn: not enough data", "Needs two full responses in a row to compare.");
  if (churnRows.size === 0) {
    return { key: "churn", label: "Stable validators", verdict: "good", meaning: "The ETag changes only when the feed does, so “nothing new” can be recognised." };
  }
  return {
    key: "churn",
    label: `Validator churn (${churnRows.size}×)`,
    verdict: "bad",
    meaning: "The ETag changed while the body stayed byte-for-byte the same (often one per server behind a load balancer): every check costs a full download.",
  };
}

function ignoresBadge(full: BadgeFetch[], churnRows: Set<BadgeFetch>): CachingBadge {
  const conditionalFull = full.filter((row) => row.conditional);
  if (conditionalFull.length === 0) return unknown("ignores", "Ignores validators: not seen", "No full response to a conditional request in the log.");
  const ignored = conditionalFull.filter((row) => row.bodyUnchanged && !churnRows.has(row)).length;
  if (ignored === 0) {
    return { key: "ignores", label: "Respects validators", verdict: "good", meaning: "Every full response to a conditional request carried a changed feed." };
  }
  return {
    key: "ignores",
    label: `Ignores validators (${ignored}×)`,
    verdict: "bad",
    meaning: "Asked “only if changed”, the server sent the same feed again with 200: it ignores If-None-Match / If-Modified-Since.",
  };
}

function compressionBadge(full: BadgeFetch[]): CachingBadge {
  const latest = full.at(-1);
  if (!latest) return unknown("compression", "Compression: not seen yet", "No full response in the log yet.");
  if (latest.contentEncoding && latest.contentEncoding.toLowerCase() !== "identity") {
    return { key: "compression", label: `Compressed (${latest.contentEncoding})`, verdict: "good", meaning: "The feed travels compressed: typically 70–90% fewer bytes than plain XML." };
  }
  return {
    key: "compression",
    label: "Uncompressed",
    verdict: "warn",
    meaning: "Tidings asks for gzip or brotli but the feed comes uncompressed: switching compression on would cut the publisher's traffic several times over.",
  };
}

function maxAgeBadge(rows: BadgeFetch[]): CachingBadge {
  const latest = rows.filter((row) => row.outcome !== "error").at(-1);
  if (!latest) return unknown("max_age", "max-age: not seen yet", "No successful response in the log yet.");
  if (latest.maxAgeSeconds !== null) {
    return {
      key: "max_age",
      label: `max-age ${formatDuration(latest.maxAgeSeconds)}`,
      verdict: "good",
      meaning: `Cache-Control says how long the feed stays fresh: Tidings never checks more often than every ${formatDuration(latest.maxAgeSeconds)}.`,
    };
  }
  return { key: "max_age", label: "No max-age", verdict: "unknown", meaning: "No Cache-Control max-age: Tidings chooses its own interval from how often the feed changes." };
}

/** Consecutive full responses with an unchanged body but a different ETag than the one before. */
function findChurnRows(full: BadgeFetch[]): Set<BadgeFetch> {
  const churn = new Set<BadgeFetch>();
  for (let index = 1; index < full.length; index++) {
    const previous = full[index - 1]!;
    const row = full[index]!;
    if (row.bodyUnchanged && row.etagReceived !== null && previous.etagReceived !== null && row.etagReceived !== previous.etagReceived) churn.add(row);
  }
  return churn;
}

function unknown(key: CachingBadge["key"], label: string, meaning: string): CachingBadge {
  return { key, label, verdict: "unknown", meaning };
}
