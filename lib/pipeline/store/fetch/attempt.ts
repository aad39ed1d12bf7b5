// One fetch of one source after classification: the value that flows from fetch → classify →
// parse into the store. Three outcomes, never two. It is the store's input, so it lives here: the
// round builds it (lib/pipeline/round/attempt-fetch.ts), the store writes it, and the store never imports
// the round.
import type { ErrorKind, ResponseMeta } from "@/lib/pipeline/fetch/types";
import type { BodyReading, ParsedFeed } from "@/lib/pipeline/parse/contract/types";
import type { StoredInBatches } from "@/lib/pipeline/store/fetch/store-article-batch";

export type Attempt = {
  sourceId: number;
  startedAt: Date;
  finishedAt: Date;
  outcome: "ok" | "not_modified" | "error";
  errorKind: ErrorKind | null;
  /** Short human-readable detail (errors, or "body unchanged"). */
  detail: string | null;
  meta: ResponseMeta;
  /** sha256 of the decompressed body of a 200, else null. */
  bodyHash: string | null;
  /** Decompressed size of a 200's body, else null. */
  bodyBytes: number | null;
  /** A 200 whose body hash equals the previous one (accepted or refused): not parsed. */
  bodyUnchanged: boolean;
  /**
   * A refused body to remember in Source.refused* (a new refusal, or the same one seen again);
   * null leaves them as they are, except that an accepted body (ok) clears them.
   */
  refused: RefusedBody | null;
  /** The feed URL found on the HTML page the source's URL answered, which this attempt fetched. */
  discoveredFeedUrl: string | null;
  /**
   * The parsed feed of an ok attempt with a changed body, else null. Its items are the ones still
   * to store: a large feed's were stored in batches as it was parsed (`storedInBatches`).
   */
  feed: ParsedFeed | null;
  /** What the batches of a large feed stored before the fetch itself is written; null if none. */
  storedInBatches: StoredInBatches | null;
  /** Time spent parsing (discovery's second parse included); null when no body was parsed. */
  parseMs: number | null;
  /** How that feed's body was read (encoding, and whether the XML had to be recovered), else null. */
  reading: BodyReading | null;
  manual: boolean;
};

export type RefusalKind = "too_large" | "parse" | "not_a_feed";

/** What the store writes into Source.refused* (all null: no refused body remembered). */
export type RefusedBody = {
  kind: RefusalKind;
  detail: string;
  etag: string | null;
  lastModified: string | null;
  bodyHash: string | null;
  /** For too_large, the body limit in force when it was refused; else null. */
  bodyLimit: number | null;
};
