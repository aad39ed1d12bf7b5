import "server-only";
// reader/api/0/stream/contents/<stream id>: one page of a stream with each item whole, at most
// MAX_STREAM_CONTENTS_ITEMS (a larger n is cut; the continuation gives the rest). The stream id
// is the rest of the path, percent-decoded; without one, `s` or the reading list (EasyRSS asks so,
// and FreshRSS answers it).
import { answerJson } from "@/lib/features/greader/protocol/greader-answer";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";
import { formatStreamId } from "@/lib/features/greader/protocol/stream-id";
import { readStreamPage } from "@/lib/features/greader/streams/read-stream-page";
import { readItemRows } from "@/lib/features/greader/streams/read-item-rows";
import { READING_LIST_ID, toGReaderItem } from "@/lib/features/greader/streams/to-greader-item";

/** Google Reader's own bound on n for item contents. */
export const MAX_STREAM_CONTENTS_ITEMS = 1000;

export async function getStreamContents(call: GReaderCall): Promise<Response> {
  const read = await readStreamPage(call, streamOfCall(call), MAX_STREAM_CONTENTS_ITEMS);
  if (!read.ok) return read.response;
  const { stream, refs, continuation } = read.page;
  const rows = await readItemRows(
    readerIdOf(call),
    refs.map((ref) => ref.id),
  );
  return answerJson({
    direction: "ltr",
    id: formatStreamId(stream),
    updated: Math.floor(call.now.getTime() / 1000),
    items: rows.map(toGReaderItem),
    ...(continuation === null ? {} : { continuation }),
  });
}

/** The stream a prefix route names: the rest of its path, else `s`, else the reading list. */
export function streamOfCall(call: GReaderCall): string {
  return call.rest !== null && call.rest !== "" ? call.rest : (call.params.get("s") ?? READING_LIST_ID);
}
