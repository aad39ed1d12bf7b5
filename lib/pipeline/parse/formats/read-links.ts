// Atom-style <link rel href type length> elements (Atom itself, and atom:link inside RSS).
import { resolveUrl } from "../sanitize/resolve-url";
import type { Enclosure } from "../contract/types";
import { readAttr, textContent, type XmlElement } from "../xml/xml-tree";

const PAGE_TYPES = new Set(["", "text/html", "application/xhtml+xml"]);

/**
 * The alternate (page) link: rel="alternate" or no rel; an HTML type preferred (RFC 4287 §4.2.7.2).
 * A link without href but with the URL as its text (<link>https://…</link>, RSS habits in an
 * Atom feed) is read from the text, as feedparser and browsers' feed readers do.
 */
export function pickAlternateLink(links: readonly XmlElement[]): string | null {
  const alternates = links.filter(
    (link) => (readAttr(link, "rel")?.trim().toLowerCase() || "alternate") === "alternate",
  );
  const preferred = alternates.filter((link) => PAGE_TYPES.has(readAttr(link, "type")?.trim().toLowerCase() ?? ""));
  for (const link of [...preferred, ...alternates]) {
    const url = resolveUrl(readAttr(link, "href") ?? textContent(link), link.base);
    if (url !== null) return url;
  }
  return null;
}

export function readLinkEnclosures(links: readonly XmlElement[]): Enclosure[] {
  return links
    .filter((link) => readAttr(link, "rel")?.trim().toLowerCase() === "enclosure")
    .map((link) => buildEnclosure(readAttr(link, "href"), link.base, readAttr(link, "type"), readAttr(link, "length")))
    .filter((enclosure): enclosure is Enclosure => enclosure !== null);
}

export function buildEnclosure(
  href: string | null,
  base: string | null,
  type: string | null,
  length: string | number | null,
): Enclosure | null {
  const url = resolveUrl(href, base);
  if (url === null) return null;
  return { url, type: type?.trim() || null, length: parseLength(length) };
}

/** Enclosures listed twice (RSS enclosure and atom:link, say) are kept once. */
export function dedupeEnclosures(enclosures: readonly Enclosure[]): Enclosure[] {
  const seen = new Set<string>();
  return enclosures.filter((enclosure) => !seen.has(enclosure.url) && seen.add(enclosure.url) !== undefined);
}

function parseLength(length: string | number | null): number | null {
  const text = typeof length === "number" ? String(length) : length?.trim();
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}
