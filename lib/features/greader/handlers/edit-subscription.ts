import "server-only";
// reader/api/0/subscription/edit: `ac` subscribe | unsubscribe | edit, on the feeds named by `s`
// (repeated), with `t` the title of the feed at the same position, and `a`/`r` a folder to move
// the feeds into / out of (user/-/label/NAME; a source is in one folder, so `a` wins). Everything
// is checked before anything is written: a malformed parameter is 400, a feed that is no
// subscription 404, and either changes nothing. Subscribing goes through lib/reads/sources/subscribe.ts,
// one feed after the other through the lane; a refusal stops there (400 with the reason), the
// feeds before it staying subscribed.
import { getEnv } from "@/lib/base/env";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";
import { saveSubscriptionEdits, type SubscriptionEdits } from "@/lib/pipeline/store/sources/edit-subscriptions";
import { MAX_TITLE_LENGTH } from "@/lib/pipeline/parse/opml/limits";
import { answerError, answerOk } from "@/lib/features/greader/protocol/greader-answer";
import { findFeedSources, type FeedStream } from "@/lib/features/greader/streams/find-feed-sources";
import { readLabelName } from "@/lib/features/greader/protocol/read-label-param";
import { formatStreamId, parseStreamId } from "@/lib/features/greader/protocol/stream-id";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

/** Feeds per call: subscribing fetches each one (through the lane), editing is one transaction. */
export const MAX_SUBSCRIBE_STREAMS = 10;
export const MAX_EDIT_STREAMS = 1000;

const ACTIONS = ["subscribe", "unsubscribe", "edit"] as const;
type Action = (typeof ACTIONS)[number];

type Parsed = { action: Action; streams: FeedStream[]; titles: string[]; folder: SubscriptionEdits["folder"] };

export async function editSubscription(call: GReaderCall): Promise<Response> {
  const parsed = parseEdit(call.params);
  if (typeof parsed === "string") return answerError(400, `Bad Request: ${parsed}`);
  const found = await findFeedSources(call.db, readerIdOf(call), parsed.streams);
  const missing = parsed.streams.filter(
    (stream, index) => found[index] === null && (parsed.action !== "subscribe" || stream.kind === "feed"),
  );
  if (missing.length > 0)
    return answerError(404, `Not Found: no subscription ${missing.map(formatStreamId).join(", ")}.`);
  const titleAt = (index: number) => parsed.titles[index]?.trim() || null;
  const edits = found.flatMap((source, index) =>
    source ? [{ sourceId: source.id, customTitle: titleAt(index) }] : [],
  );
  if (parsed.action === "unsubscribe") {
    for (const { sourceId } of edits) await removeSource(call.db, { userId: readerIdOf(call), sourceId });
    return answerOk();
  }
  if (parsed.action === "subscribe") {
    const into = parsed.folder !== null && "into" in parsed.folder ? parsed.folder.into : null;
    const subscribed: string[] = [];
    for (const [index, stream] of parsed.streams.entries()) {
      if (found[index] !== null || stream.kind !== "feed-url") continue;
      const result = await subscribe(call.db, roundSettingsFromEnv(getEnv()), {
        userId: readerIdOf(call),
        url: stream.url,
        title: titleAt(index),
        folderName: into,
      });
      if (result.status !== "subscribed") {
        const reason =
          result.status === "choose"
            ? `the page links to several feeds (${result.candidates.map((candidate) => candidate.url).join(", ")})`
            : result.message;
        const before = subscribed.length > 0 ? ` (subscribed before it: ${subscribed.join(", ")})` : "";
        return answerError(400, `Bad Request: ${stream.url}: ${reason}${before}`);
      }
      subscribed.push(result.feedUrl);
    }
  }
  // Feeds already subscribed (and, for ac=edit, all of them) get their title and folder.
  if (
    edits.length > 0 &&
    (await saveSubscriptionEdits(call.db, readerIdOf(call), { sources: edits, folder: parsed.folder })) === "missing"
  ) {
    return answerError(404, "Not Found: a subscription was removed meanwhile; nothing was changed.");
  }
  return answerOk();
}

function parseEdit(params: GReaderCall["params"]): Parsed | string {
  const action = params.get("ac");
  if (!(ACTIONS as readonly (string | null)[]).includes(action)) return "ac: one of subscribe, unsubscribe or edit";
  const texts = params.all("s");
  const limit = action === "subscribe" ? MAX_SUBSCRIBE_STREAMS : MAX_EDIT_STREAMS;
  if (texts.length === 0) return "s: the stream id of a feed (feed/<id> or feed/<URL>)";
  if (texts.length > limit) return `s: at most ${limit} feeds per ac=${action}`;
  const streams: FeedStream[] = [];
  for (const text of texts) {
    const stream = parseStreamId(text);
    if (stream?.kind !== "feed" && stream?.kind !== "feed-url")
      return `s: ${text.slice(0, 100)} is no feed stream id (feed/<id> or feed/<http(s) URL>)`;
    streams.push(stream);
  }
  const titles = params.all("t");
  if (titles.some((title) => title.length > MAX_TITLE_LENGTH))
    return `t: a title is at most ${MAX_TITLE_LENGTH} characters`;
  const add = params.get("a");
  const remove = params.get("r");
  const into = add === null ? null : readLabelName(add, { bareName: false });
  const outOf = remove === null ? null : readLabelName(remove, { bareName: false });
  if (add !== null && into === null) return "a: a folder (user/-/label/NAME)";
  if (remove !== null && outOf === null) return "r: a folder (user/-/label/NAME)";
  const folder = into !== null ? { into } : outOf !== null ? { outOf } : null;
  return { action: action as Action, streams, titles, folder };
}
