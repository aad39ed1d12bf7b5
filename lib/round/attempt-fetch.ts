// fetch → classify → parse for one source: the network exchange, then the body's fate.
// Returns an Attempt value whatever happens; nothing here writes to the database.
import { createHash } from "node:crypto";
import { fetchFeed, type FetchOptions } from "@/lib/fetch/fetch-feed";
import { parseFeedOffThread } from "@/lib/round/parse-off-thread";
import type { Attempt } from "@/lib/round/attempt";
import { systemClock, type Clock } from "@/lib/round/clock";

export type SourceToFetch = { id: number; feedUrl: string; etag: string | null; lastModified: string | null; lastBodyHash: string | null };

export async function attemptFetch(source: SourceToFetch, options: FetchOptions, manual: boolean, clock: Clock = systemClock): Promise<Attempt> {
  const startedAt = clock.now();
  const result = await fetchFeed({ url: source.feedUrl, etag: source.etag, lastModified: source.lastModified }, options);
  const base = { sourceId: source.id, startedAt, meta: result.meta, manual, bodyHash: null, bodyBytes: null, bodyUnchanged: false, feed: null, reading: null };

  if (result.outcome === "not_modified") {
    return { ...base, finishedAt: clock.now(), outcome: "not_modified", errorKind: null, detail: null };
  }
  if (result.outcome === "error") {
    return { ...base, finishedAt: clock.now(), outcome: "error", errorKind: result.errorKind, detail: result.detail };
  }

  const bodyHash = createHash("sha256").update(result.body).digest("hex");
  const withBody = { ...base, bodyHash, bodyBytes: result.body.length };
  // Servers that ignore validators or churn ETags resend the same bytes: skip the parse.
  if (bodyHash === source.lastBodyHash) {
    return { ...withBody, finishedAt: clock.now(), outcome: "ok", errorKind: null, detail: "body unchanged", bodyUnchanged: true };
  }
  const parsed = await parseFeedOffThread({ body: result.body, contentType: result.meta.headers.contentType, url: result.meta.finalUrl });
  if (!parsed.ok) {
    // A body we cannot read is not a success: validators and body hash stay as they were.
    return { ...base, finishedAt: clock.now(), outcome: "error", errorKind: parsed.errorKind, detail: parsed.detail };
  }
  return { ...withBody, finishedAt: clock.now(), outcome: "ok", errorKind: null, detail: null, feed: parsed.feed, reading: parsed.reading };
}
