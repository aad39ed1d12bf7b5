// A site's icon, looked for in order: the icon kept from last time (asked conditionally: a 304
// ends the look), the feed's own icon or logo, the icons the home page names (<link rel="icon">,
// apple-touch-icon), then /favicon.ico. Every request through the page lane (the domain's gap,
// robots.txt, the SSRF guard) with a small size cap; the first image found is kept. Whatever is
// found or not, the site is not asked again before a month (a day when only the network failed).
import type { Db } from "@/lib/db/client";
import { fetchFeed } from "@/lib/pipeline/fetch/fetch-feed";
import { ICON_ACCEPT, PAGE_ACCEPT } from "@/lib/pipeline/fetch/request-headers";
import { NETWORK_ERROR_KINDS, type FetchResult } from "@/lib/pipeline/fetch/types";
import { decodeBody } from "@/lib/pipeline/parse/encoding/decode-body";
import { findIconLinks } from "@/lib/pipeline/parse/icons/find-icon-links";
import { readIcon, type IconImage } from "@/lib/pipeline/parse/icons/read-icon";
import { pageLane } from "@/lib/pipeline/round/page-lane";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import type { IconTarget } from "@/lib/pipeline/store/pages/icon-targets";
import type { PageFetchRow } from "@/lib/pipeline/store/pages/log-requests-beside-feed";
import { saveSiteIcon, type SiteIconResult } from "@/lib/pipeline/store/pages/save-site-icon";

/** Icons are small: a larger body is refused (and the site not asked again for a month). */
export const MAX_ICON_BYTES = 256 * 1024;
const MONTH_MS = 30 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** The home page is read for its head only: a longer page is cut here (its head kept, see below). */
const MAX_HOME_BYTES = 512 * 1024;

type Found = { image: IconImage | null; url: string; etag: string | null; lastModified: string | null };

export async function refreshSiteIcon(
  db: Db,
  settings: RoundSettings,
  target: IconTarget,
  options: { manual: boolean },
): Promise<SiteIconResult> {
  const at = settings.clock.now();
  const fetches: PageFetchRow[] = [];
  const refusals: string[] = [];
  let onlyNetwork = true;
  const ask = async (
    url: string,
    kind: "image" | "page",
    validators = { etag: null as string | null, lastModified: null as string | null },
  ) => {
    const result = await fetchFeed(
      { url, ...validators },
      {
        ...settings.fetch,
        accept: kind === "image" ? ICON_ACCEPT : PAGE_ACCEPT,
        maxBodyBytes: Math.min(settings.fetch.maxBodyBytes, kind === "image" ? MAX_ICON_BYTES : MAX_HOME_BYTES),
        lane: pageLane(db, settings, url),
      },
    );
    if (result.outcome === "error" && !NETWORK_ERROR_KINDS.has(result.errorKind)) onlyNetwork = false;
    return result;
  };
  const tryImage = async (
    url: string,
    validators?: { etag: string | null; lastModified: string | null },
  ): Promise<Found | null> => {
    const result = await ask(url, "image", validators);
    if (result.outcome === "not_modified") {
      fetches.push(logRow(result, at, options.manual, null));
      return {
        image: null,
        url,
        etag: result.meta.headers.etag ?? validators?.etag ?? null,
        lastModified: result.meta.headers.lastModified ?? validators?.lastModified ?? null,
      };
    }
    if (result.outcome === "error") {
      fetches.push(logRow(result, at, options.manual, result.detail));
      if (result.errorKind === "too_large") refusals.push(`${url}: ${result.detail}`);
      return null;
    }
    const reading = readIcon(result.body);
    fetches.push(logRow(result, at, options.manual, reading.ok ? null : reading.detail));
    if (!reading.ok) {
      onlyNetwork = false;
      refusals.push(`${url}: ${reading.detail}`);
      return null;
    }
    return {
      image: reading.image,
      url,
      etag: result.meta.headers.etag,
      lastModified: result.meta.headers.lastModified,
    };
  };

  const found = await look(target, tryImage, async () => {
    const home = await ask(`${target.site}/`, "page");
    fetches.push(logRow(home, at, options.manual, home.outcome === "error" ? home.detail : null));
    // A page longer than the cap still has its head in what was read before it.
    const body = home.outcome === "ok" ? home.body : home.outcome === "error" ? home.refusedPrefix : null;
    if (!body) return [];
    return findIconLinks(decodeBody(body, home.meta.headers.contentType).text, home.meta.finalUrl);
  });
  const result: SiteIconResult = found
    ? {
        site: target.site,
        sourceId: target.sourceId,
        at,
        state: "found",
        ...found,
        detail: null,
        nextCheckAt: new Date(at.getTime() + MONTH_MS),
        fetches,
      }
    : {
        site: target.site,
        sourceId: target.sourceId,
        at,
        state: refusals.length > 0 ? "refused" : "none",
        image: null,
        url: null,
        etag: null,
        lastModified: null,
        detail: refusals.length > 0 ? `refused: ${refusals.join("; ")}` : "no icon found",
        nextCheckAt: new Date(at.getTime() + (onlyNetwork && fetches.length > 0 ? DAY_MS : MONTH_MS)),
        fetches,
      };
  await saveSiteIcon(db, result);
  return result;
}

/** The order of the look; the home page is read only when the earlier places gave nothing. */
async function look(
  target: IconTarget,
  tryImage: (url: string, validators?: { etag: string | null; lastModified: string | null }) => Promise<Found | null>,
  readHomePage: () => Promise<string[]>,
): Promise<Found | null> {
  const tried = new Set<string>();
  const attempt = async (url: string, validators?: { etag: string | null; lastModified: string | null }) => {
    if (tried.has(url)) return null;
    tried.add(url);
    return tryImage(url, validators);
  };
  const { stored } = target;
  // Conditional only when its image is still held: a 304 must have something to keep.
  if (stored?.url && stored.iconId !== null) {
    const again = await attempt(stored.url, { etag: stored.etag, lastModified: stored.lastModified });
    if (again) return again;
  }
  if (target.feedIconUrl) {
    const fromFeed = await attempt(target.feedIconUrl);
    if (fromFeed) return fromFeed;
  }
  for (const url of await readHomePage()) {
    const linked = await attempt(url);
    if (linked) return linked;
  }
  return attempt(`${target.site}/favicon.ico`);
}

function logRow(result: FetchResult, startedAt: Date, manual: boolean, refusal: string | null): PageFetchRow {
  const { meta } = result;
  const failed = result.outcome === "error" || refusal !== null;
  return {
    kind: "icon",
    url: meta.requestedUrl,
    startedAt,
    durationMs: meta.durationMs,
    laneWaitMs: meta.laneWaitMs,
    outcome: failed ? "error" : result.outcome,
    errorKind: result.outcome === "error" ? result.errorKind : refusal !== null ? "not_an_image" : null,
    httpStatus: meta.httpStatus,
    bytesReceived: meta.bytesReceived,
    conditional: meta.conditional,
    manual,
    detail: refusal,
  };
}
