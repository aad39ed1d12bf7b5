// A new source, due at once, followed by the user who added it (their title and folder, created on
// first use), with an "added" event and, for a feed behind HTTP Basic authentication, its login:
// one transaction, so a failure leaves no source without its subscriber or the login it was given.
// The subscription comes before any article: the first fetch's articles are unread for it.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import type { FeedLogin } from "@/lib/pipeline/fetch/feed-login";
import { ensureUserFolder } from "@/lib/pipeline/store/sources/user-folders";

export async function createSource(
  db: Db,
  input: {
    userId: number;
    feedUrl: string;
    title: string;
    customTitle: string | null;
    folderName: string | null;
    login?: FeedLogin | null;
  },
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const source = await tx.source.create({
      data: {
        feedUrl: input.feedUrl,
        title: input.title,
        ...(input.login ? { login: { create: input.login } } : {}),
        events: { create: { kind: "added", detail: `Subscribed to ${input.feedUrl}` } },
      },
      select: { id: true },
    });
    const folderId = await ensureUserFolder(tx, input.userId, input.folderName);
    await tx.subscription.create({
      data: { userId: input.userId, sourceId: source.id, customTitle: input.customTitle?.trim() || null, folderId },
    });
    return source.id;
  });
}
