import "server-only";
// One page of a stream, shared by stream/contents, stream/items/ids and the Atom output: the
// stream id parsed (400 when it is none), the filters parsed (400), the stream looked up (404),
// then one keyset page of refs on the read-only SQL path. The continuation is the keyset cursor of
// the page's last row: opaque to the app, and stable while articles arrive (a page never shifts).
import { getSqlReader } from "@/lib/db/client";
import { providerOf } from "@/lib/db/client";
import { encodeCursor } from "@/lib/pipeline/store/reading/cursor";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";
import { answerError } from "@/lib/features/greader/protocol/greader-answer";
import { parseStreamId, type StreamId } from "@/lib/features/greader/protocol/stream-id";
import { parseStreamFilters } from "@/lib/features/greader/protocol/parse-stream-request";
import { resolveStream } from "@/lib/features/greader/streams/resolve-stream";
import { selectStream } from "@/lib/features/greader/streams/select-stream";
import { buildStreamRefsSql, type StreamRefRow } from "@/lib/features/greader/streams/stream-query";
import type { DateOrder } from "@/lib/base/list-order";

export type StreamPage = { stream: StreamId; order: DateOrder; refs: StreamRefRow[]; continuation: string | null };

export async function readStreamPage(
  call: GReaderCall,
  streamText: string | null,
  maxItems: number,
): Promise<{ ok: true; page: StreamPage } | { ok: false; response: Response }> {
  const stream = parseStreamId(streamText);
  if (stream === null)
    return {
      ok: false,
      response: answerError(400, `Bad Request: ${JSON.stringify((streamText ?? "").slice(0, 200))} is no stream id.`),
    };
  const parsed = parseStreamFilters(call.params, maxItems);
  if (!parsed.ok) return { ok: false, response: answerError(400, `Bad Request: ${parsed.message}.`) };
  const target = await resolveStream(call.db, readerIdOf(call), stream);
  if (target === null)
    return {
      ok: false,
      response: answerError(
        404,
        `Not Found: no ${stream.kind === "label" ? "folder" : "feed"} is ${JSON.stringify(streamText)}.`,
      ),
    };
  const { filters } = parsed;
  const rows = await getSqlReader().all<StreamRefRow>(
    buildStreamRefsSql({
      userId: readerIdOf(call),
      selection: selectStream(target, filters.include, filters.exclude),
      publishedAfter: filters.publishedAfter,
      publishedBefore: filters.publishedBefore,
      order: filters.order,
      cursor: filters.cursor,
      limit: filters.limit,
      provider: providerOf(call.db),
    }),
  );
  const refs = rows.slice(0, filters.limit);
  const last = refs.at(-1);
  const continuation =
    rows.length > filters.limit && last
      ? encodeCursor({ publishedAt: last.publishedAt, id: last.id, order: filters.order })
      : null;
  return { ok: true, page: { stream, order: filters.order, refs, continuation } };
}
