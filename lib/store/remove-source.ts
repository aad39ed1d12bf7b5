// Removing a source deletes its articles, fetch log, roll-ups and history with it (the foreign
// keys cascade): the confirmation says so before the user gets here. What its roll-ups counted is
// added to RemovedSourceTally first, so that /metrics' counters never go down.
import type { Db, Tx } from "@/lib/db/prisma-client";
import { deleteEmptyFolders } from "@/lib/store/delete-empty-folders";

export type RemovedSource = { title: string; articles: number };

/** Null when there was no such source. */
export async function removeSource(db: Db, sourceId: number): Promise<RemovedSource | null> {
  return db.$transaction(async (tx) => {
    const source = await tx.source.findUnique({
      where: { id: sourceId },
      select: { title: true, customTitle: true, folderId: true, _count: { select: { articles: true } } },
    });
    if (!source) return null;
    await keepRemovedTally(tx, sourceId);
    await tx.source.delete({ where: { id: sourceId } });
    await deleteEmptyFolders(tx, [source.folderId]);
    return { title: source.customTitle ?? source.title, articles: source._count.articles };
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
