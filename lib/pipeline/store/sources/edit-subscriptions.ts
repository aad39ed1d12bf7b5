// The Google Reader API's subscription/edit as one transaction: titles set per source, and all of
// them moved into a folder (created on first use) or out of one. A source left out of a folder it
// is not in stays where it is; folders left empty go (delete-empty-folders.ts).
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { deleteEmptyFolders } from "@/lib/pipeline/store/sources/delete-empty-folders";

export type SubscriptionEdits = {
  sources: { sourceId: number; customTitle: string | null }[];
  /** into: move every source there; outOf: take each source that is in it out of it. */
  folder: { into: string } | { outOf: string } | null;
};

/** "missing" (nothing written) when a source does not exist, removed meanwhile. */
export async function saveSubscriptionEdits(db: Db, edits: SubscriptionEdits): Promise<"saved" | "missing"> {
  return inTransaction(db, async (tx) => {
    const ids = edits.sources.map((source) => source.sourceId);
    const rows = await tx.source.findMany({
      where: { id: { in: ids } },
      select: { id: true, folderId: true, folder: { select: { name: true } } },
    });
    if (rows.length !== new Set(ids).size) return "missing";
    const folder = edits.folder;
    for (const { sourceId, customTitle } of edits.sources) {
      const row = rows.find((candidate) => candidate.id === sourceId)!;
      const leaves = folder !== null && "outOf" in folder && row.folder?.name === folder.outOf;
      await tx.source.update({
        where: { id: sourceId },
        data: {
          ...(customTitle === null ? {} : { customTitle }),
          ...(folder !== null && "into" in folder
            ? { folder: { connectOrCreate: { where: { name: folder.into }, create: { name: folder.into } } } }
            : {}),
          ...(leaves ? { folder: { disconnect: true } } : {}),
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
