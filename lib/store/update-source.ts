// The edit form's write: the user's title, the folder (created on first use) and, when it
// changed, the enabled state with its history, in one transaction.
import type { Db } from "@/lib/db/prisma-client";
import { applyEnabled } from "@/lib/store/set-source-enabled";
import { deleteEmptyFolders } from "@/lib/store/delete-empty-folders";

export type SourceSettings = { sourceId: number; customTitle: string | null; folderName: string | null; enabled: boolean; now: Date };

/** False when the source does not exist (removed meanwhile). */
export async function updateSource(db: Db, input: SourceSettings): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const source = await tx.source.findUnique({ where: { id: input.sourceId }, select: { folderId: true } });
    if (!source) return false;
    const folderName = input.folderName?.trim() || null;
    await tx.source.update({
      where: { id: input.sourceId },
      data: {
        customTitle: input.customTitle?.trim() || null,
        folder: folderName ? { connectOrCreate: { where: { name: folderName }, create: { name: folderName } } } : { disconnect: true },
      },
    });
    await applyEnabled(tx, { sourceId: input.sourceId, enabled: input.enabled, now: input.now });
    await deleteEmptyFolders(tx, [source.folderId]);
    return true;
  });
}
