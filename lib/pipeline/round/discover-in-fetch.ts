// A scheduled fetch that got an HTML page instead of a feed (an imported site address, a blog that
// moved its feed): look for the page's feed links as the add form does (lib/reads/sources/subscribe.ts)
// and, with exactly one, fetch it as a second request (through the request lane and its host gap) so the source can
// switch to it. No database writes here; the caller says whether a URL is already followed.
import type { FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import { fetchFeed } from "@/lib/pipeline/fetch/fetch-feed";
import type { ResponseMeta } from "@/lib/pipeline/fetch/types";
import { discoverFeeds } from "@/lib/pipeline/parse/discover-feeds";
import type { BodyReading, ParsedFeed } from "@/lib/pipeline/parse/contract/types";
import { parseFeedOffThread } from "@/lib/pipeline/round/parse-off-thread";

export type DiscoveryHelpers = {
  /** The id of the source that already follows this feed URL, else null. */
  findSubscribed?: (feedUrl: string) => Promise<number | null>;
};

export type Discovery =
  /** 0 or several links, or the one is followed already: a verdict on this page, kept as its refusal. */
  | { status: "refused"; detail: string }
  /** The one link did not give a feed: worth trying again with the page, so nothing is remembered. */
  | { status: "failed"; detail: string; meta: ResponseMeta; parseMs?: number }
  | {
      status: "found";
      feedUrl: string;
      meta: ResponseMeta;
      body: Buffer;
      feed: ParsedFeed;
      reading: BodyReading;
      parseMs: number;
    };

const LISTED_LINKS = 3;

export async function discoverInFetch(
  page: { body: Buffer; meta: ResponseMeta },
  options: FetchOptions,
  helpers: DiscoveryHelpers,
): Promise<Discovery> {
  const candidates = discoverFeeds(page.body.toString("utf8"), page.meta.finalUrl);
  if (candidates.length === 0) {
    return {
      status: "refused",
      detail: 'an HTML page that links to no feed (<link rel="alternate">): edit the source to give its feed address',
    };
  }
  if (candidates.length > 1) {
    const listed = candidates
      .slice(0, LISTED_LINKS)
      .map((candidate) => candidate.url)
      .join(", ");
    const more = candidates.length > LISTED_LINKS ? `, and ${candidates.length - LISTED_LINKS} more` : "";
    return {
      status: "refused",
      detail: `an HTML page that links to ${candidates.length} feeds (${listed}${more}): edit the source to choose one`,
    };
  }
  const target = candidates[0]!.url;
  const holder = (await helpers.findSubscribed?.(target)) ?? null;
  if (holder !== null) {
    // Not remembered as the page's refusal: it depends on our subscriptions, not on the page, and
    // must be looked at again once that source is gone.
    return {
      status: "failed",
      detail: `an HTML page whose feed, ${target}, is already subscribed as source #${holder}`,
      meta: page.meta,
    };
  }
  // A second request inside one fetch: it waits its turn in the same lane, host gap included (seed 004).
  const fetched = await fetchFeed({ url: target, etag: null, lastModified: null }, options);
  const meta = combineMeta(page.meta, fetched.meta);
  // A failure is recorded against the page (the source's own URL), at the cost of both requests.
  const pageMeta = {
    ...page.meta,
    bytesReceived: meta.bytesReceived,
    durationMs: meta.durationMs,
    laneWaitMs: meta.laneWaitMs,
  };
  if (fetched.outcome !== "ok") {
    const why = fetched.outcome === "error" ? fetched.detail : "HTTP 304 to a request without validators";
    return { status: "failed", detail: `an HTML page whose feed link ${target} failed: ${why}`, meta: pageMeta };
  }
  const parsed = await parseFeedOffThread({
    body: fetched.body,
    contentType: fetched.meta.headers.contentType,
    contentLocation: fetched.meta.headers.contentLocation,
    url: fetched.meta.finalUrl,
  });
  if (!parsed.ok) {
    return {
      status: "failed",
      detail: `an HTML page whose feed link ${target} is not a feed either: ${parsed.detail}`,
      meta: pageMeta,
      parseMs: parsed.parseMs,
    };
  }
  // As when subscribing: a permanent redirect on this first request is adopted at once.
  return {
    status: "found",
    feedUrl: fetched.meta.permanentRedirectUrl ?? target,
    meta,
    body: fetched.body,
    feed: parsed.feed,
    reading: parsed.reading,
    parseMs: parsed.parseMs,
  };
}

/** The feed's response, with what both requests cost the publisher (bytes, time) and waited in the lane. */
function combineMeta(page: ResponseMeta, feed: ResponseMeta): ResponseMeta {
  return {
    ...feed,
    permanentRedirectUrl: null,
    bytesReceived: page.bytesReceived + feed.bytesReceived,
    durationMs: page.durationMs + feed.durationMs,
    laneWaitMs: page.laneWaitMs + feed.laneWaitMs,
  };
}
