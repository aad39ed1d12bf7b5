// Subscribing to a feed: check the URL, refuse duplicates, fetch it once, and if it is an HTML
// page, discover its feeds from <link rel="alternate">. The verification fetch is not wasted:
// it is recorded as the new source's first fetch (its articles and validators are kept).
// A feed another user already follows is shared (issue 25): the subscriber joins its source and
// no request is made (join-source.ts).
import type { Db } from "@/lib/db/client";
import { checkUrl } from "@/lib/pipeline/fetch/check-url";
import { withPrivateNetworkHint } from "@/lib/pipeline/fetch/private-network-hint";
import { completeWebAddress, findPlainHttpRetry } from "@/lib/reads/sources/complete-web-address";
import { fetchFeed } from "@/lib/pipeline/fetch/fetch-feed";
import { discoverFeeds } from "@/lib/pipeline/parse/discover-feeds";
import { parseFeedOffThread } from "@/lib/pipeline/round/parse-off-thread";
import { findHostHold } from "@/lib/pipeline/lanes/find-host-hold";
import { withRobots } from "@/lib/pipeline/lanes/robots-lane";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { recordFirstFetch } from "@/lib/reads/sources/record-first-fetch";
import { joinSource } from "@/lib/reads/sources/join-source";

/** A feed's HTTP Basic login; `origin` is set once, from the address the person gave (lib/fetch/feed-login.ts). */
export type LoginInput = { user: string; password: string; origin?: string };

export type SubscribeInput = {
  /** Who subscribes. */
  userId: number;
  url: string;
  title?: string | null;
  folderName?: string | null;
  login?: LoginInput | null;
};

export type SubscribeResult =
  | { status: "subscribed"; sourceId: number; feedUrl: string; title: string; newArticles: number }
  | { status: "choose"; candidates: { url: string; title: string | null; type: string }[] }
  | { status: "invalid"; field: "url" | "title" | "folder"; message: string; existingSourceId?: number };

/** How many HTML pages we follow to their feed before giving up (a page pointing at a page...). */
const MAX_DISCOVERY_HOPS = 1;

export async function subscribe(
  db: Db,
  roundSettings: RoundSettings,
  input: SubscribeInput,
  hops = 0,
): Promise<SubscribeResult> {
  const settings = withRobots(db, roundSettings);
  const url = completeWebAddress(input.url.trim());
  if (url === "") return invalid("url", "Enter the address of a feed or of a site");
  const verdict = checkUrl(url, { allowPrivateNetworks: settings.fetch.allowPrivateNetworks });
  if (!verdict.ok) return invalid("url", verdict.blocked ? withPrivateNetworkHint(verdict.detail) : verdict.detail);
  // The login belongs to the origin of the address given, not to one a page or a redirect leads to.
  const login = input.login ? { ...input.login, origin: input.login.origin ?? verdict.url.origin } : null;
  const existing = await findExisting(db, verdict.url.href);
  if (existing) return joinSource(db, { ...input, login }, existing);

  // Subscribing is a request like any other: never during its host's Retry-After, and through the
  // lane (settings.fetch carries it) with the per-domain gap.
  const held = await findHostHold(db, verdict.url.href, new Date());
  if (held)
    return invalid(
      "url",
      `Its server asked Tidings to wait until ${held.toISOString()} (Retry-After); try again after that`,
    );
  const startedAt = new Date();
  const fetched = await fetchFeed({ url: verdict.url.href, etag: null, lastModified: null, login }, settings.fetch);
  if (fetched.outcome !== "ok") {
    const plainHttp = fetched.outcome === "error" ? findPlainHttpRetry(input.url, url, fetched.errorKind) : null;
    if (plainHttp !== null) return subscribe(db, roundSettings, { ...input, url: plainHttp }, hops);
    if (fetched.outcome === "not_modified")
      return invalid("url", "The server answered 304 to a request without validators");
    if (fetched.errorKind === "blocked")
      return invalid("url", `Not fetched: ${withPrivateNetworkHint(fetched.detail)}`);
    // A 2xx without a whole feed, a 304 to this request without validators: reached, but no feed.
    const answer = `${fetched.errorKind === "not_a_feed" ? "Not a feed" : "Unreachable"}: ${fetched.detail}`;
    if (fetched.meta.httpStatus !== 401) return invalid("url", answer);
    return invalid(
      "url",
      login
        ? `${answer}: the server refused this login`
        : `${answer}: this feed asks for a login; give it under "This feed needs a login"`,
    );
  }
  const parsed = await parseFeedOffThread({
    body: fetched.body,
    contentType: fetched.meta.headers.contentType,
    contentLocation: fetched.meta.headers.contentLocation,
    url: fetched.meta.finalUrl,
  });
  if (parsed.ok) {
    // A permanent redirect on the very first request is adopted at once: nothing to compare yet.
    const feedUrl = fetched.meta.permanentRedirectUrl ?? verdict.url.href;
    if (feedUrl !== verdict.url.href) {
      const moved = await findExisting(db, feedUrl);
      if (moved) return joinSource(db, { ...input, login }, moved);
    }
    return recordFirstFetch(db, settings, { input: { ...input, login }, feedUrl, fetched, parsed, startedAt });
  }
  if (parsed.errorKind === "not_a_feed" && hops < MAX_DISCOVERY_HOPS) {
    const candidates = discoverFeeds(fetched.body.toString("utf8"), fetched.meta.finalUrl);
    if (candidates.length === 1) return subscribe(db, settings, { ...input, login, url: candidates[0]!.url }, hops + 1);
    if (candidates.length > 1) return { status: "choose", candidates };
    return invalid("url", 'Not a feed, and the page links to no feed (<link rel="alternate">)');
  }
  return invalid("url", `Not a feed: ${parsed.detail}`);
}

function invalid(field: "url" | "title" | "folder", message: string): SubscribeResult {
  return { status: "invalid", field, message };
}

async function findExisting(db: Db, feedUrl: string) {
  return db.source.findUnique({ where: { feedUrl }, select: { id: true, title: true, feedUrl: true } });
}
