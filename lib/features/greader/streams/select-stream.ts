// Which articles a stream shows: its own state, then every `it` (include) and `xt` (exclude)
// state, folded into one StreamSelection. Pure.
//
// Tidings keeps no "kept unread" flag apart from unread: nothing ever makes an unread article
// read behind the user's back (Google Reader did after 30 days), so every unread article is kept
// unread, and `kept-unread` reads as `unread`, in streams and filters as in edit-tag (Miniflux does
// the same in edit-tag).
import type { StreamState } from "@/lib/features/greader/protocol/stream-id";
import type { StreamSelection } from "@/lib/features/greader/streams/stream-query";

/** A stream's target once looked up: a source, a folder, a state, or the whole reading list. */
export type StreamTarget = { sourceId: number | null; folderId: number | null; state: StreamState | null };

export function selectStream(
  target: StreamTarget,
  include: readonly StreamState[],
  exclude: readonly StreamState[],
): StreamSelection {
  const selection: StreamSelection = {
    sourceId: target.sourceId,
    folderId: target.folderId,
    read: null,
    starred: null,
    empty: false,
  };
  const require = (state: StreamState, present: boolean) => {
    if (state === "reading-list") {
      // Every article is in the reading list: including it filters nothing, excluding it leaves nothing.
      if (!present) selection.empty = true;
      return;
    }
    const field = state === "starred" ? "starred" : "read";
    const value = state === "kept-unread" ? !present : present;
    if (selection[field] !== null && selection[field] !== value) selection.empty = true;
    selection[field] = value;
  };
  if (target.state !== null) require(target.state, true);
  for (const state of include) require(state, true);
  for (const state of exclude) require(state, false);
  return selection;
}
