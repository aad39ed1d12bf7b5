// fetch → classify → parse for one source: the network exchange, then the body's fate.
// Returns an Attempt value whatever happens; nothing here writes to the database.
import type { FeedLogin } from "@/lib/pipeline/fetch/feed-login";
import { createHash } from "node:crypto";
import { fetchFeed, type FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import { parseFeedOffThread, type ItemTaker, type TimedParse } from "@/lib/pipeline/round/parse-off-thread";
import type { Attempt, RefusedBody } from "@/lib/pipeline/store/fetch/attempt";
import { systemClock, type Clock } from "@/lib/base/clock";
import { discoverInFetch, type DiscoveryHelpers } from "@/lib/pipeline/round/discover-in-fetch";
import {
  describeRefusal,
  describeUnchanged,
  isRefusalKind,
  pickValidators,
  readRefusal,
  refreshRefusal,
  type SourceRefusalFields,
} from "@/lib/pipeline/round/refused-body";

export type SourceToFetch = SourceRefusalFields & {
  id: number;
  feedUrl: string;
  lastBodyHash: string | null;
  /** Its HTTP Basic login, if the feed is behind one (lib/logins). */
  login?: FeedLogin | null;
};

type OkResult = Extract<FetchResult, { outcome: "ok" }>;
type ParsedOk = Extract<TimedParse, { ok: true }>;
type ErrorResult = Extract<FetchResult, { outcome: "error" }>;

/** An attempt with nothing learnt yet beyond the exchange itself. */
export function blankAttempt(input: Pick<Attempt, "sourceId" | "startedAt" | "meta" | "manual">) {
  return {
    ...input,
    bodyHash: null,
    bodyBytes: null,
    bodyUnchanged: false,
    feed: null,
    storedInBatches: null,
    reading: null,
    refused: null,
    discoveredFeedUrl: null,
    parseMs: null,
  };
}

/** What an attempt holds when its 200 parsed as a feed: a round's fetch, and a subscription's first. */
export function acceptedBody(fetched: OkResult, parsed: ParsedOk, bodyHash = hashBody(fetched.body)) {
  const { feed, reading, parseMs } = parsed;
  return {
    outcome: "ok" as const,
    errorKind: null,
    detail: null,
    bodyHash,
    bodyBytes: fetched.body.length,
    feed,
    reading,
    parseMs,
  };
}

/** sha256 of a body: how an unchanged or already refused body is recognised without parsing it. */
function hashBody(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

export async function attemptFetch(
  source: SourceToFetch,
  options: FetchOptions,
  manual: boolean,
  helpers: DiscoveryHelpers = {},
  clock: Clock = systemClock,
  /** Stores a large feed's items in batches as they are parsed (the round's; see parse-off-thread.ts). */
  takeItems?: ItemTaker,
): Promise<Attempt> {
  const startedAt = clock.now();
  const refusal = readRefusal(source, options.maxBodyBytes);
  const result = await fetchFeed(
    { url: source.feedUrl, login: source.login, ...pickValidators(source, refusal) },
    options,
  );
  const base = blankAttempt({ sourceId: source.id, startedAt, meta: result.meta, manual });
  const finish = (fields: Pick<Attempt, "outcome" | "errorKind" | "detail"> & Partial<Attempt>): Attempt => ({
    ...base,
    finishedAt: clock.now(),
    ...fields,
  });

  if (result.outcome === "not_modified") {
    // A 304 to the refused body's validators: the same refused body, at the cost of its headers.
    if (refusal)
      return finish({
        outcome: "error",
        errorKind: refusal.kind,
        detail: describeUnchanged(refusal, "HTTP 304"),
        refused: refreshRefusal(refusal, result.meta),
      });
    return finish({ outcome: "not_modified", errorKind: null, detail: null });
  }
  if (result.outcome === "error") return finish(judgeFailedRead(result, refusal, options.maxBodyBytes));

  const bodyHash = hashBody(result.body);
  const withBody = { bodyHash, bodyBytes: result.body.length };
  // Servers that ignore validators or churn ETags resend the same bytes: skip the parse.
  if (bodyHash === source.lastBodyHash) {
    return finish({ ...withBody, outcome: "ok", errorKind: null, detail: "body unchanged", bodyUnchanged: true });
  }
  if (refusal && bodyHash === refusal.bodyHash) {
    return finish({
      bodyBytes: result.body.length,
      outcome: "error",
      errorKind: refusal.kind,
      detail: describeUnchanged(refusal, "same body"),
      bodyUnchanged: true,
      refused: refreshRefusal(refusal, result.meta),
    });
  }
  const parsed = await parseFeedOffThread(
    {
      body: result.body,
      contentType: result.meta.headers.contentType,
      contentLocation: result.meta.headers.contentLocation,
      url: result.meta.finalUrl,
    },
    takeItems,
  );
  const { parseMs } = parsed;
  if (parsed.ok) return finish(acceptedBody(result, parsed, bodyHash));
  if (parsed.errorKind === "not_a_feed") {
    const followed = await followFeedLink(result, bodyHash, options, helpers);
    return finish({ ...followed, parseMs: parseMs + (followed.parseMs ?? 0) });
  }
  // A body we cannot read is not a success: the validators of the content we hold stay as they
  // were; this body's own are remembered apart (lib/pipeline/round/refused-body.ts).
  return finish({
    parseMs,
    bodyBytes: result.body.length,
    outcome: "error",
    errorKind: parsed.errorKind,
    detail: parsed.detail,
    refused: describeRefusal(parsed.errorKind, parsed.detail, result.meta, bodyHash, options.maxBodyBytes),
  });
}

/**
 * A failed exchange. A body refused after a 200 (over the cap, an encoding we cannot decode) is
 * remembered with its validators. A too-large body cannot be hashed whole: its fingerprint is the
 * hash of its first maxBodyBytes (cut there, the connection closed), which a server without
 * validators resends identically; one refused from its Content-Length was never read, so only
 * its validators can recognise it, and without them it is simply refused again (a header exchange).
 */
function judgeFailedRead(
  result: ErrorResult,
  refusal: RefusedBody | null,
  maxBodyBytes: number,
): Pick<Attempt, "outcome" | "errorKind" | "detail"> & Partial<Attempt> {
  const failed = { outcome: "error" as const, errorKind: result.errorKind, detail: result.detail };
  if (!isRefusalKind(result.errorKind) || result.meta.httpStatus !== 200) return failed;
  const prefix = result.refusedPrefix ?? null;
  const hash = prefix === null ? null : hashBody(prefix);
  if (refusal?.kind === result.errorKind && hash !== null && hash === refusal.bodyHash) {
    return {
      ...failed,
      detail: describeUnchanged(refusal, "same body"),
      bodyUnchanged: true,
      refused: refreshRefusal(refusal, result.meta),
    };
  }
  return { ...failed, refused: describeRefusal(result.errorKind, result.detail, result.meta, hash, maxBodyBytes) };
}

/** An HTML page: with exactly one feed link, that feed is this attempt's result (and the source's new URL). */
async function followFeedLink(
  page: OkResult,
  pageHash: string,
  options: FetchOptions,
  helpers: DiscoveryHelpers,
): Promise<Pick<Attempt, "outcome" | "errorKind" | "detail"> & Partial<Attempt>> {
  const found = await discoverInFetch(page, options, helpers);
  const pageBytes = page.body.length;
  if (found.status === "refused") {
    return {
      bodyBytes: pageBytes,
      outcome: "error",
      errorKind: "not_a_feed",
      detail: found.detail,
      refused: describeRefusal("not_a_feed", found.detail, page.meta, pageHash, options.maxBodyBytes),
    };
  }
  if (found.status === "failed")
    return {
      bodyBytes: pageBytes,
      outcome: "error",
      errorKind: "not_a_feed",
      detail: found.detail,
      meta: found.meta,
      parseMs: found.parseMs ?? null,
    };
  return {
    outcome: "ok",
    errorKind: null,
    detail: `an HTML page: switched to its feed ${found.feedUrl}`,
    meta: found.meta,
    bodyHash: hashBody(found.body),
    bodyBytes: found.body.length,
    feed: found.feed,
    reading: found.reading,
    discoveredFeedUrl: found.feedUrl,
    parseMs: found.parseMs,
  };
}
