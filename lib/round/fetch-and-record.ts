// One source inside a round: fetch, classify, parse, then store with the policy's decision.
// A database failure while storing becomes a classified `database` error for that fetch (never
// counted against the publisher); if even that cannot be written, it is logged. Either way the
// round then stops (walk-sources.ts).
import type { Db } from "@/lib/db/prisma-client";
import type { Decision } from "@/lib/policy/types";
import type { Attempt } from "@/lib/store/attempt";
import { attemptFetch } from "@/lib/round/attempt-fetch";
import { decideForAttempt } from "@/lib/round/decide-for-attempt";
import { findSubscribed } from "@/lib/store/find-subscribed";
import type { RoundSettings } from "@/lib/round/round-settings";
import { recordFetch } from "@/lib/store/record-fetch";
import type { SourceRow } from "@/lib/store/source-row";
import { createLogger } from "@/lib/log";
import { describeError } from "@/lib/describe-error";
import { isDatabaseError } from "@/lib/db/is-database-error";

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
  /** The source as it was before this fetch (the offline guard may need to restore its counters). */
  before: SourceRow | null;
  decision: Decision | null;
};

export async function fetchAndRecord(
  db: Db,
  settings: RoundSettings,
  source: SourceRow,
  context: { roundId: number | null; manual: boolean; offline: (attempt: Attempt) => boolean },
): Promise<FetchLine> {
  const attempt = await attemptFetch(source, settings.fetch, context.manual, { findSubscribed: (feedUrl) => findSubscribed(db, feedUrl) }, settings.clock);
  const offline = context.offline(attempt);
  let before: SourceRow | null = null;
  const decidePolicy = decideForAttempt(attempt, settings.policy, offline);
  const decide = (row: SourceRow, newArticles: number) => {
    before = row;
    return decidePolicy(row, newArticles);
  };
  let storeError: unknown = null;
  const stored: Stored | null = await recordFetch(db, { attempt, roundId: context.roundId, decide, source })
    .then((saved) => ({ outcome: attempt.outcome, errorKind: attempt.errorKind, detail: attempt.detail, newArticles: saved.newArticles, decision: saved.decision }))
    .catch(async (error: unknown) => {
      // Only the database's own failures are a `database` outcome; anything else is a bug, and surfaces.
      if (!isDatabaseError(error)) throw error;
      storeError = error;
      log.error(`source ${source.id} ${source.feedUrl}: could not store the fetch: ${describeError(error)}`);
      return recordDatabaseError(db, attempt, context.roundId, decide, error);
    });
  const line: FetchLine = {
    sourceId: source.id,
    url: source.feedUrl,
    outcome: stored ? stored.outcome : "error",
    errorKind: stored ? stored.errorKind : "database",
    httpStatus: attempt.meta.httpStatus,
    newArticles: stored?.newArticles ?? 0,
    bytes: attempt.meta.bytesReceived,
    ms: Math.round(attempt.meta.durationMs),
    detail: stored ? stored.detail : `could not save: ${describeError(storeError)}`,
    before,
    decision: stored?.decision ?? null,
  };
  log.info(
    `source ${line.sourceId} ${line.url}: ${line.outcome}${line.errorKind ? ` (${line.errorKind})` : ""} status=${line.httpStatus ?? "-"} new=${line.newArticles} bytes=${line.bytes} ms=${line.ms}`,
  );
  return line;
}

type Stored = { outcome: Attempt["outcome"]; errorKind: string | null; detail: string | null; newArticles: number; decision: Decision };

async function recordDatabaseError(
  db: Db,
  attempt: Attempt,
  roundId: number | null,
  decide: (row: SourceRow, newArticles: number) => Decision,
  error: unknown,
): Promise<Stored | null> {
  const failed: Attempt = { ...attempt, outcome: "error", errorKind: "database", detail: `could not save: ${describeError(error)}`, feed: null, bodyHash: null, bodyUnchanged: false };
  try {
    const stored = await recordFetch(db, { attempt: failed, roundId, decide });
    return { outcome: "error", errorKind: "database", detail: failed.detail, newArticles: 0, decision: stored.decision };
  } catch (second) {
    log.error(`source ${attempt.sourceId}: could not record the database error either: ${describeError(second)}`);
    return null;
  }
}
