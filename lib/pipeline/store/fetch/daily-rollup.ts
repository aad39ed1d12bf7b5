// Daily per-source counters, so that the 30-day chart and long-term figures survive pruning of
// raw fetch rows; and the same counts added to the whole fleet's day (FetchFleetDaily), so that
// /health's chart reads 30 rows, not every source's.
import type { Db } from "@/lib/db/client";
import { insertOrAdd, type Statement } from "@/lib/db/raw-statements";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";
import { classifyCachingEvidence } from "@/lib/pipeline/store/fetch/caching-evidence";

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The upsert arguments that add one attempt to its source's roll-up for the attempt's UTC day. */
export function dailyRollupUpsert(input: {
  source: SourceRow;
  attempt: Attempt;
  newArticles: number;
  /** The ETag of the source's previous full response (planFetch reads it when the rule needs it). */
  previousFullEtag: string | null;
}) {
  const { source, attempt } = input;
  const evidence = classifyCachingEvidence(answeredFetchOf(attempt), input.previousFullEtag);
  const counts = {
    ok: attempt.outcome === "ok" ? 1 : 0,
    notModified: attempt.outcome === "not_modified" ? 1 : 0,
    error: attempt.outcome === "error" ? 1 : 0,
    bytesReceived: attempt.meta.bytesReceived,
    // What a 304 spared the publisher: the size of the last full response (an estimate).
    bytesSaved: attempt.outcome === "not_modified" ? (source.lastBodyBytes ?? 0) : 0,
    newArticles: input.newArticles,
    durationMsSum: Math.round(attempt.meta.durationMs),
    conditional: attempt.meta.conditional ? 1 : 0,
    // Full responses are `ok` already.
    answered304: evidence.answered304,
    churned: evidence.churned,
    resent: evidence.resent,
    changed: evidence.changed,
  };
  // The day's row exists: every count is added to it.
  const increments = Object.fromEntries(
    Object.entries(counts).map(([column, value]) => [column, { increment: value }]),
  ) as { [Column in keyof typeof counts]: { increment: number } };
  return {
    where: { sourceId_day: { sourceId: source.id, day: utcDay(attempt.startedAt) } },
    create: { sourceId: source.id, day: utcDay(attempt.startedAt), ...counts },
    update: increments,
  };
}

/** The counts the fleet's day keeps: the outcomes and costs, not the caching evidence (per publisher only). */
export const FLEET_DAILY_COLUMNS = [
  "ok",
  "notModified",
  "error",
  "bytesReceived",
  "bytesSaved",
  "newArticles",
  "durationMsSum",
] as const;

/**
 * The statement that adds a source's counts for one day (dailyRollupUpsert's `create`) to the
 * fleet's row of that day. Every feed fetch adds exactly one to ok, notModified or error, so the
 * fleet's days change whenever any source's do: the publisher table relies on it.
 */
export function fleetDailyStatement(
  db: Db,
  counts: { day: string } & Record<(typeof FLEET_DAILY_COLUMNS)[number], number>,
): Statement {
  const fields = Object.fromEntries(FLEET_DAILY_COLUMNS.map((column) => [column, counts[column]]));
  return insertOrAdd(db, "FetchFleetDaily", ["day"], { day: counts.day, ...fields }, [...FLEET_DAILY_COLUMNS]);
}

/** The attempt as the caching rule sees it (the same fields its Fetch row stores). */
export function answeredFetchOf(attempt: Attempt) {
  return {
    outcome: attempt.outcome,
    conditional: attempt.meta.conditional,
    bodyUnchanged: attempt.bodyUnchanged,
    etagReceived: attempt.meta.headers.etag,
  };
}
