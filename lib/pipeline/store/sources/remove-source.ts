// Removing a source deletes its articles, fetch log, roll-ups and history with it (the foreign
// keys cascade): the confirmation says so before the user gets here. What its roll-ups counted is
// added to RemovedSourceTally first, so that /metrics' counters never go down.
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { deleteEmptyFolders } from "@/lib/pipeline/store/sources/delete-empty-folders";
import { displayTitleOf } from "@/lib/db/display-title";

export type RemovedSource = { title: string; articles: number };

/** Null when there was no such source. */
export async function removeSource(db: Db, sourceId: number): Promise<RemovedSource | null> {
  return inTransaction(db, async (tx) => {
    const source = await tx.source.findUnique({
      where: { id: sourceId },
      select: { title: true, customTitle: true, folderId: true, _count: { select: { articles: true } } },
    });
    if (!source) return null;
    // Its WebSub subscription outlives it (sourceId set null) until the hub confirms the
    // unsubscription, which the next rounds request at once (lib/websub/maintain-subscriptions.ts).
    await tx.webSubSubscription.updateMany({
      where: { sourceId },
      data: { nextRequestAt: new Date(), pendingMode: null, failedRequests: 0 },
    });
    await keepRemovedTally(tx, sourceId);
    await tx.source.delete({ where: { id: sourceId } });
    await deleteEmptyFolders(tx, [source.folderId]);
    return { title: displayTitleOf(source), articles: source._count.articles };
  });
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
