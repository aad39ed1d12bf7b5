// One source inside a round: fetch, classify, parse (attemptFetch), then plan, decide and write
// (storeAttempt). A database failure while storing becomes a classified `database` error for that
// fetch (never counted against the publisher); if even that cannot be written, it is logged.
// Either way the round then stops (walk-sources.ts).
import type { Db } from "@/lib/db/client";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import { attemptFetch } from "@/lib/pipeline/round/attempt-fetch";
import { readSourceLogin } from "@/lib/pipeline/store/sources/source-login";
import { storeAttempt } from "@/lib/pipeline/round/store-attempt";
import { storeInBatches } from "@/lib/pipeline/round/store-in-batches";
import { findSubscribed } from "@/lib/pipeline/store/sources/find-subscribed";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import type { RecordedFetch } from "@/lib/pipeline/store/fetch/record-fetch";
import type { BreakerCounters } from "@/lib/pipeline/store/fetch/forgive-offline-errors";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import { isDatabaseError } from "@/lib/db/is-database-error";
import { collectGarbage } from "@/lib/base/collect-garbage";

const log = createLogger("fetch");

export type FetchLine = {
  sourceId: number;
  url: string;
  outcome: Attempt["outcome"];
  errorKind: string | null;
  httpStatus: number | null;
  newArticles: number;
  bytes: number;
  ms: number;
  detail: string | null;
  /** The Retry-After hold this fetch put on the source's host, if any (the walk sets the host aside). */
  hostHoldUntil: Date | null;
  /**
   * When this fetch counted an error against the source: its breaker counters from before, so that
   * a round judged offline afterwards can give them back (lib/pipeline/store/fetch/forgive-offline-errors.ts).
   */
  countedError: BreakerCounters | null;
};

type Stored = { attempt: Attempt; recorded: RecordedFetch };

export async function fetchAndRecord(
  db: Db,
  settings: RoundSettings,
  source: SourceRow,
  context: { roundId: number | null; manual: boolean; offline: (attempt: Attempt) => boolean },
): Promise<FetchLine> {
  const batches = storeInBatches(db, source.id, settings.clock);
  let attempt = await attemptFetch(
    { ...source, login: await readSourceLogin(db, source.id) },
    settings.fetch,
    context.manual,
    { findSubscribed: (feedUrl) => findSubscribed(db, feedUrl) },
    settings.clock,
    batches.takeItems,
  );
  const storing = {
    policy: settings.policy,
    offline: context.offline(attempt),
    roundId: context.roundId,
    webSub: settings.webSub,
  };
  let storeError: unknown = null;
  let removedMeanwhile = false;
  const stored: Stored | null = await batches
    .finish(attempt)
    .then((finished) => {
      attempt = finished;
      return storeAttempt(db, finished, source, storing);
    })
    .then((recorded) => ({ attempt, recorded }))
    .catch(async (error: unknown) => {
      // Only the database's own failures are a `database` outcome; anything else is a bug, and surfaces.
      if (!isDatabaseError(error)) throw error;
      // Removed by its owner while it was being fetched: its rows refer to a source that no longer
      // exists, which is no fault of the database, and the round goes on. (A database that cannot
      // answer even this is down: the usual `database` outcome below.)
      const gone = await db.source.count({ where: { id: source.id } }).then(
        (count) => count === 0,
        () => false,
      );
      if (gone) {
        removedMeanwhile = true;
        return null;
      }
      storeError = error;
      log.error(`source ${source.id} ${source.feedUrl}: could not store the fetch: ${describeError(error)}`);
      // A batch that could not be stored stopped the parse: that "parse error" says nothing of the body.
      return recordDatabaseError(
        db,
        batches.failed() ? { ...attempt, refused: null } : attempt,
        source,
        storing,
        error,
      );
    });
  // A feed stored in batches (a large one) leaves hundreds of megabytes of garbage behind, which
  // V8 would keep until the next allocation burst, however long the server then stays quiet.
  if (attempt.storedInBatches) collectGarbage();
  if (removedMeanwhile) {
    log.info(`source ${source.id} ${source.feedUrl}: removed during its fetch, nothing stored`);
    return removedLine(source, attempt);
  }
  const line: FetchLine = {
    sourceId: source.id,
    url: source.feedUrl,
    outcome: stored ? stored.attempt.outcome : "error",
    errorKind: stored ? stored.attempt.errorKind : "database",
    httpStatus: attempt.meta.httpStatus,
    newArticles: stored?.recorded.newArticles ?? 0,
    bytes: attempt.meta.bytesReceived,
    ms: Math.round(attempt.meta.durationMs),
    detail: stored ? stored.attempt.detail : `could not save: ${describeError(storeError)}`,
    hostHoldUntil: stored?.recorded.decision.hostRetryAfterUntil ?? null,
    countedError:
      stored?.attempt.outcome === "error" && stored.recorded.decision.next.consecutiveErrors > source.consecutiveErrors
        ? breakerCountersOf(source)
        : null,
  };
  log.info(
    `source ${line.sourceId} ${line.url}: ${line.outcome}${line.errorKind ? ` (${line.errorKind})` : ""} status=${line.httpStatus ?? "-"} new=${line.newArticles} bytes=${line.bytes} ms=${line.ms}`,
  );
  return line;
}

/** What a fetch of a source removed during it reports: its outcome, and that nothing was kept. */
function removedLine(source: SourceRow, attempt: Attempt): FetchLine {
  return {
    sourceId: source.id,
    url: source.feedUrl,
    outcome: attempt.outcome,
    errorKind: attempt.errorKind,
    httpStatus: attempt.meta.httpStatus,
    newArticles: 0,
    bytes: attempt.meta.bytesReceived,
    ms: Math.round(attempt.meta.durationMs),
    detail: "the source was removed during its fetch: nothing was stored",
    hostHoldUntil: null,
    countedError: null,
  };
}

function breakerCountersOf(source: SourceRow): BreakerCounters {
  return {
    sourceId: source.id,
    consecutiveErrors: source.consecutiveErrors,
    failingSince: source.failingSince,
    breakerState: source.breakerState,
    breakerChangedAt: source.breakerChangedAt,
    breakerCooldownSeconds: source.breakerCooldownSeconds,
  };
}

async function recordDatabaseError(
  db: Db,
  attempt: Attempt,
  source: SourceRow,
  storing: Parameters<typeof storeAttempt>[3],
  error: unknown,
): Promise<Stored | null> {
  const failed: Attempt = {
    ...attempt,
    outcome: "error",
    errorKind: "database",
    detail: `could not save: ${describeError(error)}`,
    feed: null,
    bodyHash: null,
    bodyUnchanged: false,
  };
  try {
    // The failed write changed nothing (one batch, all or nothing): the source is still as read.
    return { attempt: failed, recorded: await storeAttempt(db, failed, source, storing) };
  } catch (second) {
    log.error(`source ${attempt.sourceId}: could not record the database error either: ${describeError(second)}`);
    return null;
  }
}
