// A parsed RSS or Atom document to our ParsedFeed: feed-level fields here, items delegated. The
// strict parse hands items over one at a time (readXmlItem), the recovery a whole document.
import { finishItem } from "../items/finish-item";
import { htmlToText } from "../sanitize/html-text";
import type { XmlFeedDocument, XmlFeedHead } from "../xml/parse-xml-feed";
import type { FeedVocabulary } from "../xml/xml-namespaces";
import { readAtomAuthor } from "./read-author";
import { readAtomEntry } from "./read-atom-entry";
import { pickAlternateLink } from "./read-links";
import { readRssItem } from "./read-rss-item";
import { readAtomText, readRssHtml, toPlainText } from "./read-text-construct";
import { readTtlSeconds } from "./read-ttl";
import { resolveUrl } from "../sanitize/resolve-url";
import type { ParsedFeed, ParsedItem } from "../contract/types";
import { childElements, firstChild, firstFilledChild, textContent, type XmlElement } from "../xml/xml-tree";
import { readWebSubLinks } from "./read-websub-links";

/** One item, read and sanitized; an Atom entry without an author gets the feed's in readXmlFeed. */
export function readXmlItem(vocabulary: FeedVocabulary, item: XmlElement): ParsedItem {
  return finishItem(vocabulary === "atom" ? readAtomEntry(item, null) : readRssItem(item));
}

export function readWholeXmlFeed({ vocabulary, feed, items }: XmlFeedDocument): ParsedFeed {
  return readXmlFeed(
    { vocabulary, feed },
    items.map((item) => readXmlItem(vocabulary, item)),
  );
}

export function readXmlFeed({ vocabulary, feed }: XmlFeedHead, items: ParsedItem[]): ParsedFeed {
  if (vocabulary === "atom") {
    const title = firstChild(feed, "title");
    // RFC 4287 §4.2.1: an entry without <author> inherits the feed's, wherever the feed names it.
    const author = readAtomAuthor(feed);
    return {
      kind: "atom",
      title: title ? toPlainText(readAtomText(title)) || null : null,
      siteUrl: pickAlternateLink(childElements(feed, "link")),
      // RFC 4287 §4.2.5 and §4.2.8: icon is square and small, logo wide; a site's icon wants the first.
      iconUrl: readElementUrl(firstChild(feed, "icon")) ?? readElementUrl(firstChild(feed, "logo")),
      ttlSeconds: readTtlSeconds(feed),
      items: author === null ? items : items.map((item) => (item.author === null ? { ...item, author } : item)),
      websub: readWebSubLinks(childElements(feed, "link")),
    };
  }
  const title = firstFilledChild(feed, "title", "dc:title");
  return {
    kind: "rss",
    title: title ? htmlToText(readRssHtml(title)) || null : null,
    siteUrl: readChannelLink(feed),
    iconUrl: readRssImageUrl(feed),
    ttlSeconds: readTtlSeconds(feed),
    items,
    websub: readWebSubLinks(childElements(feed, "atom:link")),
  };
}

function readRssImageUrl(channel: XmlElement): string | null {
  const image = firstChild(channel, "image");
  return image ? readElementUrl(firstChild(image, "url")) : null;
}

function readElementUrl(element: XmlElement | undefined | null): string | null {
  return element ? resolveUrl(textContent(element), element.base) : null;
}

function readChannelLink(channel: XmlElement): string | null {
  for (const link of childElements(channel, "link")) {
    const url = resolveUrl(textContent(link), link.base);
    if (url !== null) return url;
  }
  return pickAlternateLink(childElements(channel, "atom:link"));
}
