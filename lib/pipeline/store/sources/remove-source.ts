// Removing a source deletes its articles, fetch log, roll-ups and history with it (the foreign
// keys cascade): the confirmation says so before the user gets here.
import type { Db } from "@/lib/db/prisma-client";
import { deleteEmptyFolders } from "@/lib/pipeline/store/sources/delete-empty-folders";
import { displayTitleOf } from "@/lib/db/display-title";

export type RemovedSource = { title: string; articles: number };

/** Null when there was no such source. */
export async function removeSource(db: Db, sourceId: number): Promise<RemovedSource | null> {
  return db.$transaction(async (tx) => {
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
    await tx.source.delete({ where: { id: sourceId } });
    await deleteEmptyFolders(tx, [source.folderId]);
    return { title: displayTitleOf(source), articles: source._count.articles };
  });
}
