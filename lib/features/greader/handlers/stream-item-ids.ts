import "server-only";
// reader/api/0/stream/items/ids?s=<stream id>: one page of a stream as item refs, at most
// MAX_STREAM_ITEM_IDS (a larger n is cut; the continuation gives the rest). Apps sync with it:
// `s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read` lists the unread ids.
// Ids are the short (signed decimal) form, as Google, FreshRSS and Miniflux give them.
import { answerError, answerJson } from "@/lib/features/greader/protocol/greader-answer";
import type { GReaderCall } from "@/lib/features/greader/protocol/types";
import { feedStreamId } from "@/lib/features/greader/protocol/stream-id";
import { formatShortItemId } from "@/lib/features/greader/protocol/item-id";
import { readStreamPage } from "@/lib/features/greader/streams/read-stream-page";

/** Google Reader's own bound on n for ids. */
export const MAX_STREAM_ITEM_IDS = 10_000;

export async function getStreamItemIds(call: GReaderCall): Promise<Response> {
  const streams = call.params.all("s");
  if (streams.length !== 1)
    return answerError(
      400,
      "Bad Request: s: one stream id (user/-/state/com.google/reading-list, user/-/label/NAME, feed/ID).",
    );
  const read = await readStreamPage(call, streams[0]!, MAX_STREAM_ITEM_IDS);
  if (!read.ok) return read.response;
  const { refs, continuation } = read.page;
  return answerJson({
    itemRefs: refs.map((ref) => ({
      id: formatShortItemId(ref.id),
      directStreamIds: [feedStreamId(ref.sourceId)],
      timestampUsec: `${ref.publishedAt.getTime()}000`,
    })),
    ...(continuation === null ? {} : { continuation }),
  });
}
