// The publisher view (pure): sources grouped by their politeness key (the registrable domain,
// lib/pipeline/fetch/host-of.ts: the same key the request lane spaces requests by), with what Tidings cost
// each publisher over the period and how it answers. Everything comes in as rows already read.
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import { judgeHonouring, NO_EVIDENCE } from "@/lib/reads/health/rules/derive-caching-badges";
import type { CachingBadge, ValidatorEvidence } from "@/lib/reads/health/rules/caching-badge-rules";
import type { SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";

export type PublisherSourceRow = {
  id: number;
  displayTitle: string;
  feedUrl: string;
  health: SourceHealthState;
  failingSince: Date | null;
};
export type PublisherDailyRow = {
  sourceId: number;
  ok: number;
  notModified: number;
  error: number;
  bytesReceived: number;
  bytesSaved: number;
  /** Article pages fetched for the source (full text), beside its feed: requests and bytes. */
  pageRequests?: number;
  pageBytes?: number;
};
export type RobotsState = { origin: string; words: string };

export type PublisherSummary = {
  key: string;
  sources: PublisherSourceRow[];
  /** Every request of the period: the feeds' and the article pages' (pageRequests of them). */
  requests: number;
  pageRequests: number;
  ok: number;
  notModified: number;
  errors: number;
  bytesReceived: number;
  bytesSaved: number;
  /** 304s among the feeds' requests of the period; null without requests. */
  notModifiedShare: number | null;
  honours: CachingBadge;
  /** Retry-After holds still running, per host name. */
  holds: { host: string; until: Date }[];
  robots: RobotsState[];
  /** The earliest start among its sources' current runs of failures, and how many are failing. */
  failingSince: Date | null;
  failingSources: number;
};

export type PublisherInput = {
  sources: readonly PublisherSourceRow[];
  daily: readonly PublisherDailyRow[];
  evidence: ReadonlyMap<number, ValidatorEvidence>;
  holds: readonly { host: string; until: Date }[];
  robots: readonly RobotsState[];
};

/** localeCompare's own order (ECMA-402: a default Collator), without building one per comparison. */
const TITLE_ORDER = new Intl.Collator();

/** Publishers that cost most first (requests, then bytes), then by key. */
export function summarisePublishers(input: PublisherInput): PublisherSummary[] {
  const byKey = groupBy(input.sources, (source) => politenessKeyOf(source.feedUrl));
  const holdsByKey = groupBy(input.holds, (hold) => politenessKeyOf(`http://${hold.host}/`));
  const robotsByKey = groupBy(input.robots, (robots) => politenessKeyOf(robots.origin));
  const daily = new Map<number, PublisherDailyRow>(input.daily.map((row) => [row.sourceId, row]));
  const summaries = [...byKey].map(([key, sources]) => {
    const days = sources.flatMap((source) => daily.get(source.id) ?? []);
    const sum = (pick: (row: PublisherDailyRow) => number) => days.reduce((total, row) => total + pick(row), 0);
    const evidence = sources.reduce<ValidatorEvidence>(
      (total, source) => addEvidence(total, input.evidence.get(source.id) ?? NO_EVIDENCE),
      NO_EVIDENCE,
    );
    const failing = sources.flatMap((source) => (source.failingSince ? [source.failingSince] : []));
    const [ok, notModified, errors] = [sum((row) => row.ok), sum((row) => row.notModified), sum((row) => row.error)];
    const feedRequests = ok + notModified + errors;
    const pageRequests = sum((row) => row.pageRequests ?? 0);
    return {
      key,
      sources: [...sources].sort((a, b) => TITLE_ORDER.compare(a.displayTitle, b.displayTitle) || a.id - b.id),
      requests: feedRequests + pageRequests,
      pageRequests,
      ok,
      notModified,
      errors,
      bytesReceived: sum((row) => row.bytesReceived + (row.pageBytes ?? 0)),
      bytesSaved: sum((row) => row.bytesSaved),
      notModifiedShare: feedRequests === 0 ? null : notModified / feedRequests,
      honours: judgeHonouring(evidence),
      holds: holdsByKey.get(key) ?? [],
      robots: robotsByKey.get(key) ?? [],
      failingSince: failing.length === 0 ? null : new Date(Math.min(...failing.map((date) => date.getTime()))),
      failingSources: failing.length,
    };
  });
  return summaries.sort(
    (a, b) => b.requests - a.requests || b.bytesReceived - a.bytesReceived || a.key.localeCompare(b.key),
  );
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function addEvidence(a: ValidatorEvidence, b: ValidatorEvidence): ValidatorEvidence {
  return {
    fullResponses: a.fullResponses + b.fullResponses,
    answered304: a.answered304 + b.answered304,
    churned: a.churned + b.churned,
    resent: a.resent + b.resent,
    changed: a.changed + b.changed,
  };
}

/** What the stored robots.txt of an origin says, in a few words (never fetched here). */
export function describeRobotsState(
  row: { httpStatus: number | null; body: string; fetchedAt: Date } | null,
  mode: "on" | "strict" | "off",
): string {
  if (mode === "off") return "not read (TIDINGS_ROBOTS=off)";
  if (row === null) return "not read yet";
  if (row.httpStatus === null) return "unreachable at the last try: the last rules read are kept";
  if (row.httpStatus >= 500) return `HTTP ${row.httpStatus} at the last try: the last rules read are kept`;
  if (row.httpStatus >= 400) return `HTTP ${row.httpStatus}: allows everything`;
  return row.body.trim() === ""
    ? "empty: allows everything"
    : `read (${row.body.split("\n").filter((line) => /^\s*(dis)?allow\s*:/i.test(line)).length} rules)`;
}
