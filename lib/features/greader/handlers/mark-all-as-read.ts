import "server-only";
// reader/api/0/mark-all-as-read (POST, T): every unread article of a stream (`s`) read, through the
// store's markRead (one statement, unread counts kept exact). `ts` is the app's last sync: only
// articles Tidings stored before it are marked (FreshRSS compares it with the time each article
// arrived, so an article the app never received stays unread). Apps send it in microseconds (the
// protocol), milliseconds or seconds (Inoreader documents both): told apart by size.
import { ALL_ARTICLES } from "@/lib/base/article-scope";
import { answerError, answerOk } from "@/lib/features/greader/protocol/greader-answer";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";
import { parseStreamId } from "@/lib/features/greader/protocol/stream-id";
import { resolveStream } from "@/lib/features/greader/streams/resolve-stream";
import { selectStream } from "@/lib/features/greader/streams/select-stream";
import { markRead } from "@/lib/pipeline/store/reading/article-state";

export async function postMarkAllAsRead(call: GReaderCall): Promise<Response> {
  const text = call.params.get("s");
  const stream = parseStreamId(text);
  if (stream === null)
    return answerError(400, `Bad Request: s: ${JSON.stringify((text ?? "").slice(0, 200))} is no stream id.`);
  const seenBefore = parseSyncTime(call.params.get("ts"));
  if (seenBefore === undefined)
    return answerError(400, "Bad Request: ts: a time in microseconds (or milliseconds, or seconds) since 1970.");
  const target = await resolveStream(call.db, readerIdOf(call), stream);
  if (target === null)
    return answerError(404, `Not Found: no ${stream.kind === "label" ? "folder" : "feed"} is ${JSON.stringify(text)}.`);
  const selection = selectStream(target, [], []);
  // The read stream has nothing unread; kept-unread is the unread articles, all of which go.
  if (selection.empty || selection.read === true) return answerOk();
  const scope = {
    ...ALL_ARTICLES,
    sourceId: selection.sourceId,
    folderId: selection.folderId,
    starred: selection.starred === true,
  };
  await markRead(call.db, { userId: readerIdOf(call), scope, olderThan: null, maxId: null, seenBefore, now: call.now });
  return answerOk();
}

/** null: no ts (everything up to now); undefined: malformed. */
export function parseSyncTime(value: string | null): Date | null | undefined {
  if (value === null || value.trim() === "" || value.trim() === "0") return null;
  if (!/^\d{1,19}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  // 1e11 s is the year 5138, 1e14 ms the year 5138, 1e17 µs the year 5138: each unit's range ends before the next begins.
  if (n < 1e11) return new Date(n * 1000);
  if (n < 1e14) return new Date(n);
  if (n < 1e17) return new Date(n / 1000);
  return new Date(n / 1e6);
}
