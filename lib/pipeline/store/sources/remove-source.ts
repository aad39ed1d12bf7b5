// A user unsubscribes (issue 25): their subscription and their reading state of its articles go.
// The source is shared: it stays while anyone else follows it. When the last subscriber leaves,
// the source goes with its articles, fetch log, roll-ups and history (the foreign keys cascade):
// the confirmation says so before the user gets here. What its roll-ups counted is added to
// RemovedSourceTally first, so that /metrics' counters never go down.
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { deleteEmptyFolders } from "@/lib/pipeline/store/sources/user-folders";
import { displayTitleOf } from "@/lib/db/display-title";
import { applyEnabled } from "@/lib/pipeline/store/sources/set-source-enabled";

/** `articles`: how many articles left with the source (0 while others still follow it). */
export type RemovedSource = { title: string; articles: number };

/** Null when the user does not follow such a source. */
export async function removeSource(db: Db, input: { userId: number; sourceId: number }): Promise<RemovedSource | null> {
  return inTransaction(db, async (tx) => {
    const { userId, sourceId } = input;
    const subscription = await tx.subscription.findUnique({
      where: { userId_sourceId: { userId, sourceId } },
      select: { id: true, customTitle: true, folderId: true, source: { select: { title: true } } },
    });
    if (!subscription) return null;
    const title = displayTitleOf({ customTitle: subscription.customTitle, title: subscription.source.title });
    await tx.unreadArticle.deleteMany({ where: { userId, sourceId } });
    await tx.starredArticle.deleteMany({ where: { userId, sourceId } });
    await tx.subscription.delete({ where: { id: subscription.id } });
    await deleteEmptyFolders(tx, [subscription.folderId]);
    return { title, articles: await deleteSourceFollowedByNobody(tx, sourceId) };
  });
}

/**
 * After a subscriber left: the source nobody follows goes (returns how many articles went with
 * it); one whose remaining subscribers have all paused it stops being fetched.
 */
export async function deleteSourceFollowedByNobody(tx: Tx, sourceId: number): Promise<number> {
  if ((await tx.subscription.count({ where: { sourceId } })) === 0) return deleteSource(tx, sourceId);
  await settlePause(tx, sourceId);
  return 0;
}

async function settlePause(tx: Tx, sourceId: number): Promise<void> {
  const reading = await tx.subscription.count({ where: { sourceId, paused: false } });
  if (reading === 0) await applyEnabled(tx, { sourceId, enabled: false, now: new Date() });
}

/** The source nobody follows, with everything that hangs off it; returns how many articles went. */
async function deleteSource(tx: Tx, sourceId: number): Promise<number> {
  const articles = await tx.article.count({ where: { sourceId } });
  // Its WebSub subscription outlives it (sourceId set null) until the hub confirms the
  // unsubscription, which the next rounds request at once (lib/websub/maintain-subscriptions.ts).
  await tx.webSubSubscription.updateMany({
    where: { sourceId },
    data: { nextRequestAt: new Date(), pendingMode: null, failedRequests: 0 },
  });
  await keepRemovedTally(tx, sourceId);
  await tx.source.delete({ where: { id: sourceId } });
  return articles;
}

async function keepRemovedTally(tx: Tx, sourceId: number): Promise<void> {
  const { _sum: sum } = await tx.fetchDaily.aggregate({
    where: { sourceId },
    _sum: { ok: true, notModified: true, error: true, bytesReceived: true, bytesSaved: true },
  });
  const counted = {
    ok: BigInt(sum.ok ?? 0),
    notModified: BigInt(sum.notModified ?? 0),
    error: BigInt(sum.error ?? 0),
    bytesReceived: BigInt(sum.bytesReceived ?? 0),
    bytesSaved: BigInt(sum.bytesSaved ?? 0),
  };
  const added = Object.fromEntries(Object.entries(counted).map(([column, value]) => [column, { increment: value }]));
  await tx.removedSourceTally.upsert({ where: { id: 1 }, create: { id: 1, ...counted }, update: added });
}
