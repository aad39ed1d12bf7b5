// Between the policy's decision and the fetch's write (lib/round/store-attempt.ts): what WebSub
// changes about one poll. A hub that pushes the feed stretches the next poll to a day (the requests
// saved are counted); a poll that finds an entry no push delivered marks the hub as missing pushes
// and keeps the policy's own schedule. Both are written in the fetch's batch. After it, a hub the
// feed names is recorded for subscription (lib/websub/record-hub-offer.ts).
import type { Db } from "@/lib/db/client";
import type { Decision } from "@/lib/pipeline/policy/types";
import type { Attempt } from "@/lib/pipeline/store/fetch/attempt";
import { countArticles, type FetchPlan } from "@/lib/pipeline/store/fetch/record-fetch";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";
import { updateById, updateFields, type Statement } from "@/lib/db/raw-statements";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import { discoverHub } from "@/lib/pipeline/websub/discover-hub";
import { judgePoll } from "@/lib/pipeline/websub/push-schedule";
import { readPushStanding } from "@/lib/pipeline/websub/read-push-standing";
import { recordHubOffer } from "@/lib/pipeline/websub/record-hub-offer";

const log = createLogger("websub");

export type PushAdjustment = { decision: Decision; statements: Statement[]; afterWrite(): Promise<void> };

export async function applyPushStanding(
  db: Db,
  input: { attempt: Attempt; source: SourceRow; decided: Decision; plan: FetchPlan },
): Promise<PushAdjustment> {
  const { attempt, source, decided, plan } = input;
  const now = attempt.finishedAt;
  const standing = await readPushStanding(db, source.id);
  const { newArticles } = countArticles(plan);
  const verdict = judgePoll({
    standing,
    decision: decided,
    now,
    previousPollAt: source.lastFetchedAt,
    newArticles,
  });
  const statements: Statement[] = [];
  if (standing !== null && verdict.kind === "missed") {
    log.warn(
      `source ${source.id} ${source.feedUrl}: a poll found ${newArticles} new ${newArticles === 1 ? "entry" : "entries"} ${standing.hubUrl} never pushed; back to normal polling`,
    );
    statements.push(
      updateById(db, "WebSubSubscription", standing.id, updateFields({ missedPushAt: now, updatedAt: now })),
    );
  }
  if (standing !== null && verdict.kind === "stretch" && verdict.requestsSaved > 0)
    statements.push(
      updateById(
        db,
        "WebSubSubscription",
        standing.id,
        updateFields({ requestsSaved: { increment: verdict.requestsSaved }, updatedAt: now }),
      ),
    );
  const feed = attempt.feed;
  return {
    decision: verdict.kind === "stretch" ? verdict.decision : decided,
    statements,
    afterWrite: async () => {
      if (feed === null) return;
      const offered = discoverHub(attempt.meta, feed.websub);
      // The fetch is committed by now: failing to note its hub must not turn it into a failed fetch.
      await recordHubOffer(db, { sourceId: source.id, offered, standing, now }).catch((error: unknown) =>
        log.error(`source ${source.id} ${source.feedUrl}: could not record its hub: ${describeError(error)}`),
      );
    },
  };
}
