import "server-only";
// reader/api/0/stream/items/contents (POST, `i` repeated, long or short ids): the items an app
// picked from stream/items/ids, whole, at most MAX_ITEMS_PER_CONTENTS_CALL of them, newest first
// (r=o: oldest first). Ids of no article are left out, as FreshRSS does; one malformed id refuses
// the call (400).
import { answerError, answerJson } from "@/lib/features/greader/protocol/greader-answer";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";
import { parseItemIdList } from "@/lib/features/greader/protocol/item-id";
import { readItemRows } from "@/lib/features/greader/streams/read-item-rows";
import { READING_LIST_ID, toGReaderItem } from "@/lib/features/greader/streams/to-greader-item";
import type { StreamItemRow } from "@/lib/features/greader/streams/stream-rows-sql";

/** As many as stream/contents gives at most. */
export const MAX_ITEMS_PER_CONTENTS_CALL = 1000;

export async function postStreamItemsContents(call: GReaderCall): Promise<Response> {
  const parsed = parseItemIdList(call.params.all("i"), MAX_ITEMS_PER_CONTENTS_CALL);
  if (!parsed.ok) return answerError(400, `Bad Request: ${parsed.message}.`);
  const order = call.params.get("r");
  if (order !== null && order !== "" && order !== "d" && order !== "n" && order !== "o")
    return answerError(400, "Bad Request: r: d (newest first) or o (oldest first).");
  const rows = (await readItemRows(readerIdOf(call), parsed.ids)).sort(
    order === "o" ? byPublished : (a, b) => byPublished(b, a),
  );
  return answerJson({
    direction: "ltr",
    id: READING_LIST_ID,
    updated: Math.floor(call.now.getTime() / 1000),
    items: rows.map(toGReaderItem),
  });
}

function byPublished(a: StreamItemRow, b: StreamItemRow): number {
  return a.publishedAt.getTime() - b.publishedAt.getTime() || a.id - b.id;
}
