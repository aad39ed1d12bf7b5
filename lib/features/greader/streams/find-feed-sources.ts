import "server-only";
// Feed stream ids (`feed/<source id>`, or `feed/<feed URL>` as FreshRSS also takes them) to the
// sources they name, in one query.
import type { Db } from "@/lib/db/client";
import type { StreamId } from "@/lib/features/greader/protocol/stream-id";

export type FeedStream = Extract<StreamId, { kind: "feed" | "feed-url" }>;
export type FoundSource = { id: number; feedUrl: string; title: string; customTitle: string | null };

/** The source of each stream, in order; null for a stream no source matches. */
export async function findFeedSources(db: Db, streams: readonly FeedStream[]): Promise<(FoundSource | null)[]> {
  const ids = streams.flatMap((stream) => (stream.kind === "feed" ? [stream.sourceId] : []));
  const urls = streams.flatMap((stream) => (stream.kind === "feed-url" ? [stream.url] : []));
  const rows = await db.source.findMany({
    where: { OR: [{ id: { in: ids } }, { feedUrl: { in: urls } }] },
    select: { id: true, feedUrl: true, title: true, customTitle: true },
  });
  return streams.map(
    (stream) =>
      rows.find((row) => (stream.kind === "feed" ? row.id === stream.sourceId : row.feedUrl === stream.url)) ?? null,
  );
}
