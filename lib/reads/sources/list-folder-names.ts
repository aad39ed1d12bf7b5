import "server-only";
import { getDb } from "@/lib/db/client";

/** Existing folder names, for the folder field's suggestions. */
export async function listFolderNames(): Promise<string[]> {
  const folders = await getDb().folder.findMany({
    select: { name: true },
    orderBy: [{ position: "asc" }, { name: "asc" }],
  });
  return folders.map((folder) => folder.name);
}
