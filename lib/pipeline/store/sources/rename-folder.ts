// A folder renamed (the Google Reader API's rename-tag). Renaming onto the name of another folder
// merges the two, as a label renamed onto another label would: its sources join that folder.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";

export type FolderRename = "renamed" | "merged" | "missing";

export async function renameFolder(db: Db, input: { from: string; to: string }): Promise<FolderRename> {
  return inTransaction(db, async (tx) => {
    const folder = await tx.folder.findUnique({ where: { name: input.from }, select: { id: true } });
    if (!folder) return "missing";
    if (input.from === input.to) return "renamed";
    const target = await tx.folder.findUnique({ where: { name: input.to }, select: { id: true } });
    if (!target) {
      await tx.folder.update({ where: { id: folder.id }, data: { name: input.to } });
      return "renamed";
    }
    await tx.source.updateMany({ where: { folderId: folder.id }, data: { folderId: target.id } });
    await tx.folder.delete({ where: { id: folder.id } });
    return "merged";
  });
}
