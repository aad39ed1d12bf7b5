// A new source, due at once, with its folder (created on first use), an "added" event and, for a
// feed behind HTTP Basic authentication, its login: one nested create, so Prisma writes them in
// one transaction and a failure leaves no source without the login it was given.
import type { Db } from "@/lib/db/client";
import type { FeedLogin } from "@/lib/pipeline/fetch/feed-login";

export async function createSource(
  db: Db,
  input: {
    feedUrl: string;
    title: string;
    customTitle: string | null;
    folderName: string | null;
    login?: FeedLogin | null;
  },
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
      ...(input.login ? { login: { create: input.login } } : {}),
      events: { create: { kind: "added", detail: `Subscribed to ${input.feedUrl}` } },
    },
    select: { id: true },
  });
  return source.id;
}
