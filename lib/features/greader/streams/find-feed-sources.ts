import "server-only";
// Feed stream ids (`feed/<source id>`, or `feed/<feed URL>` as FreshRSS also takes them) to the
// sources they name among the user's subscriptions, in one query.
import type { Db } from "@/lib/db/client";
import type { StreamId } from "@/lib/features/greader/protocol/stream-id";

export type FeedStream = Extract<StreamId, { kind: "feed" | "feed-url" }>;
export type FoundSource = { id: number; feedUrl: string; title: string; customTitle: string | null };

/** The source of each stream, in order; null for a stream no source matches. */
export async function findFeedSources(
  db: Db,
  userId: number,
  streams: readonly FeedStream[],
): Promise<(FoundSource | null)[]> {
  const ids = streams.flatMap((stream) => (stream.kind === "feed" ? [stream.sourceId] : []));
  const urls = streams.flatMap((stream) => (stream.kind === "feed-url" ? [stream.url] : []));
  const subscriptions = await db.subscription.findMany({
    where: { userId, source: { OR: [{ id: { in: ids } }, { feedUrl: { in: urls } }] } },
    select: { customTitle: true, source: { select: { id: true, feedUrl: true, title: true } } },
  });
  const rows = subscriptions.map(({ customTitle, source }) => ({ ...source, customTitle }));
  return streams.map(
    (stream) =>
      rows.find((row) => (stream.kind === "feed" ? row.id === stream.sourceId : row.feedUrl === stream.url)) ?? null,
  );
}
