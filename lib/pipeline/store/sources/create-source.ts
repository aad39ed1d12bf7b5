// A new source, due at once, with its folder (created on first use) and an "added" event.
import type { Db } from "@/lib/db/client";

export async function createSource(
  db: Db,
  input: { feedUrl: string; title: string; customTitle: string | null; folderName: string | null },
): Promise<number> {
  const folderName = input.folderName?.trim() || null;
  const source = await db.source.create({
    data: {
      feedUrl: input.feedUrl,
      title: input.title,
      customTitle: input.customTitle,
      ...(folderName
        ? { folder: { connectOrCreate: { where: { name: folderName }, create: { name: folderName } } } }
        : {}),
      events: { create: { kind: "added", detail: `Subscribed to ${input.feedUrl}` } },
    },
    select: { id: true },
  });
  return source.id;
}
