// One user's folder removed and their subscriptions kept, outside any folder (the Google Reader API's disable-tag).
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";

/** False when the user has no such folder. */
export async function deleteFolder(db: Db, userId: number, name: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const folder = await tx.userFolder.findUnique({ where: { userId_name: { userId, name } }, select: { id: true } });
    if (!folder) return false;
    // Explicit, not left to the foreign key's ON DELETE SET NULL: the rule reads here.
    await tx.subscription.updateMany({ where: { folderId: folder.id }, data: { folderId: null } });
    await tx.userFolder.delete({ where: { id: folder.id } });
    return true;
  });
}
