// How one attempt changes its Source row: validators, feed metadata, scheduling state.
import type { Decision } from "@/lib/pipeline/policy/types";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";
import type { RefusedBody } from "@/lib/pipeline/store/fetch/attempt";
import { MAX_DETAIL_LENGTH } from "@/lib/pipeline/store/fetch/fetch-row";
import { nextFailingSince } from "@/lib/pipeline/store/fetch/failing-since";

export function buildSourceUpdate(input: {
  source: SourceRow;
  attempt: Attempt;
  decision: Decision;
  newArticles: number;
}) {
  const { source, attempt, decision } = input;
  const { next } = decision;
  const succeeded = attempt.outcome !== "error";
  return {
    ...validatorFields(source, attempt),
    ...feedFields(attempt),
    // Written only when the policy changes them, so a user's edit made during the fetch stands.
    ...(next.feedUrl !== source.feedUrl ? { feedUrl: next.feedUrl } : {}),
    ...(next.enabled !== source.enabled
      ? {
          enabled: next.enabled,
          disabledReason: next.disabledReason,
          disabledAt: next.enabled ? null : attempt.finishedAt,
        }
      : {}),
    intervalSeconds: next.intervalSeconds,
    publisherFloorSeconds: next.publisherFloorSeconds,
    consecutiveNotModified: next.consecutiveNotModified,
    consecutiveErrors: next.consecutiveErrors,
    failingSince: nextFailingSince({
      before: source,
      consecutiveErrors: next.consecutiveErrors,
      fetchStartedAt: attempt.startedAt,
    }),
    breakerState: next.breakerState,
    breakerChangedAt: next.breakerChangedAt,
    breakerCooldownSeconds: next.breakerCooldownSeconds,
    retryAfterUntil: next.retryAfterUntil,
    pendingRedirectUrl: next.pendingRedirectUrl,
    pendingRedirectCount: next.pendingRedirectCount,
    nextDueAt: decision.nextDueAt,
    nextCheckReason: decision.reason,
    lastFetchedAt: attempt.finishedAt,
    lastOutcome: attempt.outcome,
    lastErrorKind: attempt.errorKind,
    ...(succeeded ? { lastSuccessAt: attempt.finishedAt } : {}),
    ...(input.newArticles > 0
      ? {
          lastNewArticleAt: attempt.finishedAt,
          articleCount: { increment: input.newArticles },
        }
      : {}),
  };
}

/**
 * A 200 replaces both validators with what it carried (a missing one is cleared: the publisher
 * stopped sending it) and forgets any refused body. A 304 may refresh them (RFC 9110 §15.4.5).
 * Errors never touch them; a refused body's own validators go apart, into refused*
 * (lib/pipeline/round/refused-body.ts says why that is safe).
 */
function validatorFields(source: SourceRow, attempt: Attempt) {
  const { headers } = attempt.meta;
  if (attempt.outcome === "ok") {
    return {
      etag: headers.etag,
      lastModified: headers.lastModified,
      lastBodyHash: attempt.bodyHash,
      lastBodyBytes: attempt.meta.bytesReceived,
      ...refusedFields(null),
    };
  }
  if (attempt.outcome === "not_modified") {
    return { etag: headers.etag ?? source.etag, lastModified: headers.lastModified ?? source.lastModified };
  }
  return attempt.refused ? refusedFields(attempt.refused) : {};
}

function refusedFields(refused: RefusedBody | null) {
  return {
    refusedKind: refused?.kind ?? null,
    refusedDetail: refused?.detail.slice(0, MAX_DETAIL_LENGTH) ?? null,
    refusedEtag: refused?.etag ?? null,
    refusedLastModified: refused?.lastModified ?? null,
    refusedBodyHash: refused?.bodyHash ?? null,
    refusedBodyLimit: refused?.bodyLimit ?? null,
  };
}

function feedFields(attempt: Attempt) {
  const feed = attempt.feed;
  if (!feed) return {};
  return {
    kind: feed.kind,
    ...(feed.title ? { title: feed.title } : {}),
    ...(feed.siteUrl ? { siteUrl: feed.siteUrl } : {}),
    ...(feed.iconUrl ? { feedIconUrl: feed.iconUrl } : {}),
  };
}
