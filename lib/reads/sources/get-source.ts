import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { displayTitleOf } from "@/lib/db/display-title";
import { withPause } from "@/lib/reads/sources/with-pause";

/**
 * One source the user follows, as they see it: their title, folder, pause and unread count (a paused
 * subscription shows as disabled by them), with its article count (the removal confirmation
 * states it); null if unknown or not theirs. Memoised per request: the page and its metadata both ask.
 */
export const getSource = cache(async (userId: number, sourceId: number) => {
  const subscription = await getDb().subscription.findUnique({
    where: { userId_sourceId: { userId, sourceId } },
    select: {
      customTitle: true,
      paused: true,
      unreadCount: true,
      folder: { select: { name: true } },
      source: { include: { _count: { select: { articles: true } } } },
    },
  });
  if (!subscription) return null;
  const { source, customTitle, paused, unreadCount } = subscription;
  return {
    ...withPause(source, paused),
    customTitle,
    paused,
    unreadCount,
    displayTitle: displayTitleOf({ customTitle, title: source.title }),
    folderName: subscription.folder?.name ?? null,
    articleCount: source._count.articles,
  };
});

export type SourceDetail = NonNullable<Awaited<ReturnType<typeof getSource>>>;
