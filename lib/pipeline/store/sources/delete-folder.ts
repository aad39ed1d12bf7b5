// A folder removed and its sources kept, outside any folder (the Google Reader API's disable-tag).
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";

/** False when there was no such folder. */
export async function deleteFolder(db: Db, name: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const folder = await tx.folder.findUnique({ where: { name }, select: { id: true } });
    if (!folder) return false;
    // Explicit, not left to the foreign key's ON DELETE SET NULL: the rule reads here.
    await tx.source.updateMany({ where: { folderId: folder.id }, data: { folderId: null } });
    await tx.folder.delete({ where: { id: folder.id } });
    return true;
  });
}
