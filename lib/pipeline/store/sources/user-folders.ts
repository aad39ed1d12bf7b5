// A user's folders (issue 25): names are unique per user. A folder exists only to group that
// user's subscriptions: one left without any (after an edit, a move or a removal) would sit empty
// in their sidebar, so it goes in the same transaction.
import type { Tx } from "@/lib/db/client";

/** The id of the user's folder of that name, created on first use; null for no folder. */
export async function ensureUserFolder(
  tx: Tx,
  userId: number,
  name: string | null | undefined,
): Promise<number | null> {
  const trimmed = name?.trim() || null;
  if (trimmed === null) return null;
  const folder = await tx.userFolder.upsert({
    where: { userId_name: { userId, name: trimmed } },
    create: { userId, name: trimmed },
    update: {},
    select: { id: true },
  });
  return folder.id;
}

export async function deleteEmptyFolders(tx: Tx, folderIds: Array<number | null>): Promise<void> {
  const ids = folderIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  await tx.userFolder.deleteMany({ where: { id: { in: ids }, subscriptions: { none: {} } } });
}
