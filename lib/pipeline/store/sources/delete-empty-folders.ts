// Folders exist only to group sources: one left without sources (after an edit or a removal)
// would sit empty in the sidebar, so it goes in the same transaction.
import type { Tx } from "@/lib/db/client";

export async function deleteEmptyFolders(tx: Tx, folderIds: Array<number | null>): Promise<void> {
  const ids = folderIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  await tx.folder.deleteMany({ where: { id: { in: ids }, sources: { none: {} } } });
}
