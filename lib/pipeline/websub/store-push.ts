// A verified push into the database the way a fetched body goes in: its items deduped against
// the stored ones (lib/store/save-articles.ts), and everything written in ONE batch: the new and
// changed articles, the source's counters, a Fetch row with the outcome `push` (an outcome of its
// own: no request was made, so it costs the publisher nothing, 0 bytes), and the subscription's
// push count. The source's validators and schedule are left alone: they belong to its polls.
import type { Db } from "@/lib/db/client";
import type { BodyReading, ParsedFeed } from "@/lib/pipeline/parse/contract/types";
import { planArticles } from "@/lib/pipeline/store/fetch/save-articles";
import { raiseArticleCounters } from "@/lib/pipeline/store/fetch/store-article-batch";
import { MAX_DETAIL_LENGTH } from "@/lib/pipeline/store/fetch/fetch-row";
import { withSourceWriteLock } from "@/lib/pipeline/store/fetch/source-write-lock";
import { insertRow, runAtomically, scalarFields, selectRows, updateById, updateFields } from "@/lib/db/raw-statements";

export type ReceivedPush = {
  subscriptionId: number;
  sourceId: number;
  hubUrl: string;
  receivedAt: Date;
  feed: ParsedFeed;
  reading: BodyReading;
  parseMs: number;
  bodyBytes: number;
  /** When a poll had caught the hub missing an entry: a push with a new entry shows it pushes again. */
  missedPushAt: Date | null;
};

export type StoredPush = { newArticles: number; updatedArticles: number };

export function storePush(db: Db, push: ReceivedPush): Promise<StoredPush> {
  return withSourceWriteLock(push.sourceId, async () => {
    const { receivedAt: now, feed } = push;
    const articles = await planArticles(db, (statement) => selectRows(db, statement), push.sourceId, feed.items, now);
    const { newArticles, updatedArticles } = articles;
    const counted = newArticles > 0;
    await runAtomically(db, [
      ...articles.statements,
      ...raiseArticleCounters(db, push.sourceId, newArticles, now),
      insertRow(db, "Fetch", scalarFields(buildPushRow(push, newArticles, updatedArticles))),
      updateById(
        db,
        "WebSubSubscription",
        push.subscriptionId,
        updateFields({
          pushCount: { increment: 1 },
          lastPushAt: now,
          ...(counted && push.missedPushAt !== null ? { missedPushAt: null } : {}),
          updatedAt: now,
        }),
      ),
    ]);
    return { newArticles, updatedArticles };
  });
}

function buildPushRow(push: ReceivedPush, newArticles: number, updatedArticles: number) {
  return {
    sourceId: push.sourceId,
    roundId: null,
    startedAt: push.receivedAt,
    durationMs: 0,
    outcome: "push",
    errorKind: null,
    httpStatus: null,
    bytesReceived: 0,
    bodyBytes: push.bodyBytes,
    entriesSeen: push.feed.items.length,
    newArticles,
    updatedArticles,
    bodyUnchanged: false,
    conditional: false,
    manual: false,
    detail: `pushed by ${new URL(push.hubUrl).host} (WebSub)`.slice(0, MAX_DETAIL_LENGTH),
    encoding: push.reading.encoding,
    encodingSource: push.reading.encodingSource,
    xmlRecovery: push.reading.xmlRecovery?.slice(0, MAX_DETAIL_LENGTH) ?? null,
    parseMs: Math.round(push.parseMs),
    laneWaitMs: 0,
    driftMs: null,
  };
}
