import "server-only";
// reader/api/0/subscription/quickadd (theoldreader's): `quickadd=URL` subscribes through
// Tidings's one subscribe path (lib/reads/sources/subscribe.ts: URL and address guard, duplicates,
// discovery of a site's feed, the lane and its per-host gap, robots.txt). A refusal is no HTTP
// error in the protocol: numResults 0 and the reason, as FreshRSS answers.
import { getEnv } from "@/lib/base/env";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { MAX_URL_LENGTH } from "@/lib/pipeline/parse/opml/limits";
import { answerError, answerJson } from "@/lib/features/greader/protocol/greader-answer";
import { feedStreamId } from "@/lib/features/greader/protocol/stream-id";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

export async function quickAdd(call: GReaderCall): Promise<Response> {
  // Apps may send the feed as a stream id (feed/URL), FreshRSS strips that prefix too.
  const url = (call.params.get("quickadd") ?? "").trim().replace(/^feed\//, "");
  if (url === "") return answerError(400, "Bad Request: quickadd needs the address of a feed or a site.");
  if (url.length > MAX_URL_LENGTH)
    return answerError(400, `Bad Request: quickadd is at most ${MAX_URL_LENGTH} characters.`);
  const result = await subscribe(call.db, roundSettingsFromEnv(getEnv()), { userId: readerIdOf(call), url });
  if (result.status === "subscribed") {
    return answerJson({
      numResults: 1,
      query: result.feedUrl,
      streamId: feedStreamId(result.sourceId),
      streamName: result.title,
    });
  }
  if (result.status === "choose") {
    const choices = result.candidates.map((candidate) => candidate.url).join(", ");
    return answerJson({
      numResults: 0,
      query: url,
      error: `The page links to several feeds; add one of them: ${choices}`,
    });
  }
  const existing = result.existingSourceId === undefined ? {} : { streamId: feedStreamId(result.existingSourceId) };
  return answerJson({ numResults: 0, query: url, error: result.message, ...existing });
}
