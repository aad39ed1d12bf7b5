import "server-only";
// reader/api/0/edit-tag (POST, T): add (`a`) or remove (`r`) a state on many items (`i`, long or
// short ids): read, starred, kept-unread (= unread; see select-stream.ts). Written through the
// store's article-state functions in one transaction, so the unread counts stay exact and the
// web reader shows the same state at its next refresh. As Miniflux: a state both added and
// removed, or read together with kept-unread, is refused; a label is refused (Tidings has no
// per-article labels); ids of no article change nothing. Refusals are decided before any write.
import { answerError, answerOk } from "@/lib/features/greader/protocol/greader-answer";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";
import { parseStreamId } from "@/lib/features/greader/protocol/stream-id";
import { parseItemIdList } from "@/lib/features/greader/protocol/item-id";
import { MAX_VALUES_PER_NAME } from "@/lib/features/greader/protocol/greader-params";
import { updateArticleStates } from "@/lib/pipeline/store/reading/article-state";

type Change = { read: boolean | null; starred: boolean | null };

export async function postEditTag(call: GReaderCall): Promise<Response> {
  const change = parseChange(call.params.all("a"), call.params.all("r"));
  if (typeof change === "string") return answerError(400, `Bad Request: ${change}.`);
  const parsed = parseItemIdList(call.params.all("i"), MAX_VALUES_PER_NAME);
  if (!parsed.ok) return answerError(400, `Bad Request: ${parsed.message}.`);
  const { read, starred } = change;
  await updateArticleStates(call.db, { userId: readerIdOf(call), ids: parsed.ids, read, starred, now: call.now });
  return answerOk();
}

/** What a and r ask for, or why they cannot be done. */
export function parseChange(add: readonly string[], remove: readonly string[]): Change | string {
  const change: Change = { read: null, starred: null };
  const entries = [...add.map((id) => [id, true] as const), ...remove.map((id) => [id, false] as const)];
  if (entries.length === 0)
    return "a or r: the state to add or remove (user/-/state/com.google/read, starred or kept-unread)";
  for (const [text, adding] of entries) {
    const stream = parseStreamId(text);
    if (stream === null) return `${adding ? "a" : "r"}: ${JSON.stringify(text.slice(0, 100))} is no state`;
    if (stream.kind !== "state" || stream.state === "reading-list")
      return `${adding ? "a" : "r"}: only read, starred and kept-unread can be set on items (Tidings has no per-item labels)`;
    const field = stream.state === "starred" ? "starred" : "read";
    const value = stream.state === "kept-unread" ? !adding : adding;
    if (change[field] !== null && change[field] !== value) return `a and r: ${field} asked both ways in one call`;
    change[field] = value;
  }
  return change;
}
