// The Fetch row for one attempt: what the health pages show about it.
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import { parseMaxAge } from "@/lib/pipeline/policy/cache-control";

/** Fetch.detail is for people, and bounded so that a hostile server cannot bloat the log. */
export const MAX_DETAIL_LENGTH = 500;

export function buildFetchRow(input: {
  attempt: Attempt;
  roundId: number | null;
  newArticles: number;
  updatedArticles: number;
  dueAt: Date;
}) {
  const { attempt } = input;
  const { meta } = attempt;
  return {
    sourceId: attempt.sourceId,
    roundId: input.roundId,
    startedAt: attempt.startedAt,
    durationMs: Math.round(meta.durationMs),
    outcome: attempt.outcome,
    errorKind: attempt.errorKind,
    httpStatus: meta.httpStatus,
    bytesReceived: meta.bytesReceived,
    bodyBytes: attempt.bodyBytes,
    entriesSeen: attempt.feed?.items.length ?? 0,
    newArticles: input.newArticles,
    updatedArticles: input.updatedArticles,
    bodyUnchanged: attempt.bodyUnchanged,
    conditional: meta.conditional,
    etagReceived: meta.headers.etag,
    lastModifiedReceived: meta.headers.lastModified,
    contentEncoding: meta.headers.contentEncoding,
    maxAgeSeconds: fitInt32(parseMaxAge(meta.headers.cacheControl)),
    redirectUrl: meta.redirects.length > 0 ? meta.finalUrl : null,
    manual: attempt.manual,
    detail: attempt.detail === null ? null : attempt.detail.slice(0, MAX_DETAIL_LENGTH),
    encoding: attempt.reading?.encoding ?? null,
    encodingSource: attempt.reading?.encodingSource ?? null,
    xmlRecovery: attempt.reading?.xmlRecovery?.slice(0, MAX_DETAIL_LENGTH) ?? null,
    parseMs: attempt.parseMs === null ? null : fitInt32(Math.round(attempt.parseMs)),
    laneWaitMs: fitInt32(Math.round(meta.laneWaitMs)) ?? 0,
    driftMs: fitInt32(measureDrift(attempt, input.roundId, input.dueAt)),
  };
}

/**
 * The columns are 32-bit integers (PostgreSQL refuses anything wider): a hostile max-age of twenty
 * digits, or the drift of a source due 25 days ago (2^31 ms), must not fail the fetch's insert.
 */
function fitInt32(value: number | null): number | null {
  return value === null ? null : Math.max(-2_147_483_648, Math.min(value, 2_147_483_647));
}

/**
 * How late a scheduled fetch started against the time its source was due (the source's nextDueAt
 * as the round read it). "Fetch now" and a subscription's first fetch (no round) were asked for by
 * a person, not by the schedule: they have no drift. A round's first fetch of an imported source
 * does (it was due when it was added, and waited for a round like any other).
 */
export function measureDrift(
  attempt: Pick<Attempt, "startedAt" | "manual">,
  roundId: number | null,
  dueAt: Date,
): number | null {
  if (roundId === null || attempt.manual) return null;
  return attempt.startedAt.getTime() - dueAt.getTime();
}

/** One Fetch row as the store writes it. */
export type FetchRow = ReturnType<typeof buildFetchRow>;
