import "server-only";
// reader/api/0/unread-count: unread articles per feed, per folder and in the reading list, from
// the user's Subscription.unreadCount (kept exact by the store in the same transaction as every read-state change:
// no COUNT over the articles). newestItemTimestampUsec is when the feed last brought a new article
// (Source.lastNewArticleAt, the crawl time, as FreshRSS's is), and per folder and for the reading
// list the newest of their feeds. `max` is the reading list's count, as FreshRSS answers it.
import { sqlReaderOf } from "@/lib/db/client";
import { answerJson, refuseOtherOutput } from "@/lib/features/greader/protocol/greader-answer";
import { buildUnreadCountsSql, type UnreadRow } from "@/lib/features/greader/streams/subscription-sql";
import { feedStreamId, formatStreamId, labelStreamId } from "@/lib/features/greader/protocol/stream-id";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

type Count = { id: string; count: number; newestItemTimestampUsec: string };
type Tally = { count: number; newestMs: number };

const usec = (ms: number) => (ms === 0 ? "0" : `${ms}000`);

export async function countUnread(call: GReaderCall): Promise<Response> {
  const refused = refuseOtherOutput(call.params);
  if (refused) return refused;
  const sources = await sqlReaderOf(call.db).all<UnreadRow>(buildUnreadCountsSql(readerIdOf(call)));
  const folders = new Map<string, Tally>();
  const total: Tally = { count: 0, newestMs: 0 };
  const unreadcounts: Count[] = [];
  for (const source of sources) {
    const newestMs = source.lastNewArticleAt?.getTime() ?? 0;
    const count = Number(source.unreadCount);
    unreadcounts.push({ id: feedStreamId(source.id), count, newestItemTimestampUsec: usec(newestMs) });
    const tallies = [total];
    if (source.folderName !== null) {
      const folder = folders.get(source.folderName) ?? { count: 0, newestMs: 0 };
      folders.set(source.folderName, folder);
      tallies.push(folder);
    }
    for (const tally of tallies) {
      tally.count += count;
      tally.newestMs = Math.max(tally.newestMs, newestMs);
    }
  }
  for (const [name, tally] of folders)
    unreadcounts.push({ id: labelStreamId(name), count: tally.count, newestItemTimestampUsec: usec(tally.newestMs) });
  unreadcounts.push({
    id: formatStreamId({ kind: "state", state: "reading-list" }),
    count: total.count,
    newestItemTimestampUsec: usec(total.newestMs),
  });
  return answerJson({ max: total.count, unreadcounts });
}
