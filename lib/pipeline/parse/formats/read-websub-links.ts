// The WebSub links a feed document names (W3C WebSub §4, Discovery): rel="hub" (any number) and
// rel="self" (the topic), as <link> in Atom and <atom:link> in RSS. A JSON Feed names its hubs in
// `hubs` ({ type: "WebSub", url }) and its topic in `feed_url`. The Link headers of the response
// come first; choosing between the two is lib/websub/discover-hub.ts's job.
import { resolveUrl } from "../sanitize/resolve-url";
import type { WebSubLinks } from "../contract/types";
import { readAttr, type XmlElement } from "../xml/xml-tree";

/** Hub and self links among a feed element's link children; undefined when no hub is named. */
export function readWebSubLinks(links: readonly XmlElement[]): WebSubLinks | undefined {
  const withRel = (rel: string) =>
    links
      .filter((link) => readAttr(link, "rel")?.trim().toLowerCase() === rel)
      .map((link) => resolveUrl(readAttr(link, "href"), link.base))
      .filter((url): url is string => url !== null);
  return buildWebSubLinks(withRel("hub"), withRel("self")[0] ?? null);
}

/** JSON Feed 1.1: `hubs` of type WebSub (case-insensitive, as rssCloud is the other type). */
export function readJsonWebSubLinks(
  hubs: unknown,
  feedUrl: string | null,
  base: string | null,
): WebSubLinks | undefined {
  const urls = (Array.isArray(hubs) ? hubs : []).flatMap((hub: unknown) => {
    if (typeof hub !== "object" || hub === null) return [];
    const { type, url } = hub as { type?: unknown; url?: unknown };
    if (typeof type !== "string" || type.toLowerCase() !== "websub" || typeof url !== "string") return [];
    return [resolveUrl(url, base)].filter((resolved): resolved is string => resolved !== null);
  });
  return buildWebSubLinks(urls, resolveUrl(feedUrl, base));
}

function buildWebSubLinks(hubs: string[], self: string | null): WebSubLinks | undefined {
  return hubs.length === 0 ? undefined : { hubs: [...new Set(hubs)], self };
}
