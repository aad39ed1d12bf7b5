// One attempt into the database, in the house order: plan (the store reads what the write depends
// on), decide (the pure policy, given the source and how many articles were new), write (the store,
// all at once). The round and a subscription's first fetch both store through here.
import type { Db } from "@/lib/db/client";
import { decideNext } from "@/lib/pipeline/policy";
import type { PolicySettings } from "@/lib/pipeline/policy/types";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";
import { countArticles, planFetch, writeFetch, type RecordedFetch } from "@/lib/pipeline/store/fetch/record-fetch";
import { withSourceWriteLock } from "@/lib/pipeline/store/fetch/source-write-lock";
import { toObservation, toScheduleState } from "@/lib/pipeline/round/observe";
import { observeFetch } from "@/lib/metrics/fetch-observations";
import { applyPushStanding } from "@/lib/pipeline/websub/apply-push-standing";
import type { WebSubSettings } from "@/lib/pipeline/websub/websub-settings";

export async function storeAttempt(
  db: Db,
  attempt: Attempt,
  source: SourceRow,
  context: { policy: PolicySettings; offline: boolean; roundId: number | null; webSub?: WebSubSettings | null },
): Promise<RecordedFetch> {
  // A WebSub push may store this source's entries meanwhile: one plan-then-write at a time.
  return withSourceWriteLock(source.id, async () => {
    const plan = await planFetch(db, attempt, source);
    const observation = toObservation(attempt, countArticles(plan).newArticles, context.offline);
    const decided = decideNext(toScheduleState(source), observation, attempt.finishedAt, context.policy, Math.random);
    // With WebSub on, a hub that pushes this feed stretches the poll to daily (or is caught missing one).
    const push = context.webSub ? await applyPushStanding(db, { attempt, source, decided, plan }) : null;
    const recorded = await writeFetch(db, plan, push?.decision ?? decided, context.roundId, push?.statements);
    // Counted for /metrics only once committed: a rolled-back fetch (then recorded as `database`) is one fetch.
    observeFetch(recorded.row);
    await push?.afterWrite();
    return recorded;
  });
}
