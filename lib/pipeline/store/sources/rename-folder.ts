// One user's folder renamed (the Google Reader API's rename-tag). Renaming onto the name of another
// of their folders merges the two, as a label renamed onto another label would: its subscriptions join that folder.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";

export type FolderRename = "renamed" | "merged" | "missing";

export async function renameFolder(db: Db, userId: number, input: { from: string; to: string }): Promise<FolderRename> {
  return inTransaction(db, async (tx) => {
    const folder = await tx.userFolder.findUnique({
      where: { userId_name: { userId, name: input.from } },
      select: { id: true },
    });
    if (!folder) return "missing";
    if (input.from === input.to) return "renamed";
    const target = await tx.userFolder.findUnique({
      where: { userId_name: { userId, name: input.to } },
      select: { id: true },
    });
    if (!target) {
      await tx.userFolder.update({ where: { id: folder.id }, data: { name: input.to } });
      return "renamed";
    }
    await tx.subscription.updateMany({ where: { folderId: folder.id }, data: { folderId: target.id } });
    await tx.userFolder.delete({ where: { id: folder.id } });
    return "merged";
  });
}
