// Daily per-source counters, so that the 30-day chart and long-term figures survive pruning of
// raw fetch rows.
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The upsert arguments that add one attempt to its source's roll-up for the attempt's UTC day. */
export function dailyRollupUpsert(input: { source: SourceRow; attempt: Attempt; newArticles: number }) {
  const { source, attempt } = input;
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
  };
  const increments = {
    ok: { increment: counts.ok },
    notModified: { increment: counts.notModified },
    error: { increment: counts.error },
    bytesReceived: { increment: counts.bytesReceived },
    bytesSaved: { increment: counts.bytesSaved },
    newArticles: { increment: counts.newArticles },
    durationMsSum: { increment: counts.durationMsSum },
    conditional: { increment: counts.conditional },
  };
  return {
    where: { sourceId_day: { sourceId: source.id, day: utcDay(attempt.startedAt) } },
    create: { sourceId: source.id, day: utcDay(attempt.startedAt), ...counts },
    update: increments,
  };
}
