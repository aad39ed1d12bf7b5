import "server-only";
// reader/atom/<stream id>: a stream page as Atom (format-atom-stream.ts), with the same filters and
// bounds as stream/contents; the continuation is passed back as `c`, as with JSON.
import { answerError } from "@/lib/features/greader/protocol/greader-answer";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";
import { formatStreamId } from "@/lib/features/greader/protocol/stream-id";
import { readStreamPage } from "@/lib/features/greader/streams/read-stream-page";
import { readItemRows } from "@/lib/features/greader/streams/read-item-rows";
import { toGReaderItem } from "@/lib/features/greader/streams/to-greader-item";
import { formatAtomStream } from "@/lib/features/greader/streams/format-atom-stream";
import { API_HEADERS } from "@/lib/http/respond";
import { MAX_STREAM_CONTENTS_ITEMS, streamOfCall } from "@/lib/features/greader/handlers/stream-contents";

export async function getAtomStream(call: GReaderCall): Promise<Response> {
  if (call.rest === null || call.rest === "")
    return answerError(
      400,
      "Bad Request: reader/atom/<stream id>, e.g. reader/atom/user/-/state/com.google/reading-list.",
    );
  const read = await readStreamPage(call, streamOfCall(call), MAX_STREAM_CONTENTS_ITEMS);
  if (!read.ok) return read.response;
  const { stream, refs, continuation } = read.page;
  const items = (
    await readItemRows(
      readerIdOf(call),
      refs.map((ref) => ref.id),
    )
  ).map(toGReaderItem);
  const id = formatStreamId(stream);
  const title = stream.kind === "label" ? stream.name : stream.kind === "state" ? id : (items[0]?.origin.title ?? id);
  const xml = formatAtomStream({ streamId: id, title, updated: call.now, items, continuation });
  return new Response(xml, { headers: { ...API_HEADERS, "Content-Type": "application/atom+xml; charset=utf-8" } });
}
