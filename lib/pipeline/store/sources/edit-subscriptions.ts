// The Google Reader API's subscription/edit as one transaction, for one user: titles set per
// subscription, and all of them moved into one of their folders (created on first use) or out of
// one. A subscription left out of a folder it is not in stays where it is; folders left empty go.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { deleteEmptyFolders, ensureUserFolder } from "@/lib/pipeline/store/sources/user-folders";

export type SubscriptionEdits = {
  sources: { sourceId: number; customTitle: string | null }[];
  /** into: move every source there; outOf: take each source that is in it out of it. */
  folder: { into: string } | { outOf: string } | null;
};

/** "missing" (nothing written) when the user does not follow a source (removed meanwhile). */
export async function saveSubscriptionEdits(
  db: Db,
  userId: number,
  edits: SubscriptionEdits,
): Promise<"saved" | "missing"> {
  return inTransaction(db, async (tx) => {
    const ids = edits.sources.map((source) => source.sourceId);
    const rows = await tx.subscription.findMany({
      where: { userId, sourceId: { in: ids } },
      select: { id: true, sourceId: true, folderId: true, folder: { select: { name: true } } },
    });
    if (rows.length !== new Set(ids).size) return "missing";
    const folder = edits.folder;
    const into = folder !== null && "into" in folder ? await ensureUserFolder(tx, userId, folder.into) : null;
    for (const { sourceId, customTitle } of edits.sources) {
      const row = rows.find((candidate) => candidate.sourceId === sourceId)!;
      const leaves = folder !== null && "outOf" in folder && row.folder?.name === folder.outOf;
      await tx.subscription.update({
        where: { id: row.id },
        data: {
          ...(customTitle === null ? {} : { customTitle }),
          ...(into !== null ? { folderId: into } : {}),
          ...(leaves ? { folderId: null } : {}),
        },
      });
    }
    await deleteEmptyFolders(
      tx,
      rows.map((row) => row.folderId),
    );
    return "saved";
  });
}
