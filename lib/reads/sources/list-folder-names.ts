import "server-only";
import { getDb } from "@/lib/db/client";

/** The user's folder names, for the folder field's suggestions. */
export async function listFolderNames(userId: number): Promise<string[]> {
  const folders = await getDb().userFolder.findMany({
    where: { userId },
    select: { name: true },
    orderBy: [{ position: "asc" }, { name: "asc" }],
  });
  return folders.map((folder) => folder.name);
}
