// Feed autodiscovery: the <link rel="alternate" type="..."> elements of an HTML page.
import { Parser } from "htmlparser2";
import { resolveUrl } from "./sanitize/resolve-url";

export type DiscoveredFeed = { url: string; title: string | null; type: string };

const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/feed+json",
  "application/json",
]);

type RawLink = { href: string; title: string | null; type: string };

export function discoverFeeds(html: string, pageUrl: string): DiscoveredFeed[] {
  const links: RawLink[] = [];
  let baseHref: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        // HTML: the first <base href> sets the base for the whole document, links before it included.
        if (name === "base" && baseHref === null && attrs.href !== undefined) baseHref = attrs.href;
        if (name === "link") collectLink(attrs, links);
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);

  const base = resolveUrl(baseHref, pageUrl) ?? pageUrl;
  const seen = new Set<string>();
  const feeds: DiscoveredFeed[] = [];
  for (const link of links) {
    const url = resolveUrl(link.href, base);
    if (url === null || seen.has(url)) continue;
    seen.add(url);
    feeds.push({ url, title: link.title, type: link.type });
  }
  return feeds;
}

function collectLink(attrs: Record<string, string>, links: RawLink[]): void {
  const rels = (attrs.rel ?? "").toLowerCase().split(/\s+/);
  const type = (attrs.type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!rels.includes("alternate") || !FEED_TYPES.has(type) || !attrs.href) return;
  // Every WordPress page links its REST API record as alternate application/json: not a feed.
  if (type === "application/json" && attrs.href.includes("/wp-json/")) return;
  links.push({ href: attrs.href, title: attrs.title?.trim() || null, type });
}
