// One RSS 0.9x / 1.0 / 2.0 <item> to a RawItem. Nothing here throws: missing or malformed
// fields come out as null / "" / [] and the item survives.
import { readFirstPerson } from "./read-author";
import { buildEnclosure, dedupeEnclosures, pickAlternateLink, readLinkEnclosures } from "./read-links";
import { htmlToText } from "../sanitize/html-text";
import { readFirstDate } from "./read-first-date";
import { readRssHtml } from "./read-text-construct";
import { resolveUrl } from "../sanitize/resolve-url";
import type { HtmlSource, RawItem } from "../items/finish-item";
import {
  childElements,
  childText,
  firstFilledChild,
  hasElementChildren,
  readAttr,
  textContent,
  type XmlElement,
} from "../xml/xml-tree";

const DATE_FIELDS = [
  "pubDate",
  "dc:date",
  "dcterms:issued",
  "dcterms:created",
  "atom:published",
  "atom:updated",
  "dcterms:modified",
];
// body/fullitem: un-namespaced XHTML body and Userland's full text, both still seen in old feeds.
const CONTENT_FIELDS = ["content:encoded", "xhtml:body", "xhtml:div", "body", "fullitem"];

export function readRssItem(item: XmlElement): RawItem {
  const guid = childText(item, "guid") ?? readAttr(item, "rdf:about")?.trim() ?? null;
  const titleElement = firstFilledChild(item, "title", "dc:title");
  const descriptions = readDescriptions(item);
  // With no content element, a second description-like field (description and summary both) is
  // the fuller text, as feedparser reads it: the first stays the summary.
  const contentElement = firstFilledChild(item, ...CONTENT_FIELDS) ?? descriptions[1] ?? null;
  const description = toSource(descriptions[0] ?? null);
  return {
    guid,
    url: readItemLink(item),
    title: titleElement ? htmlToText(readRssHtml(titleElement)) : "",
    author: readRssAuthor(item),
    // content:encoded is the full text when present; description is then its summary.
    content: toSource(contentElement) ?? description,
    summary: contentElement ? description : null,
    publishedAt: readFirstDate(item, DATE_FIELDS),
    enclosures: dedupeEnclosures([...readRssEnclosures(item), ...readLinkEnclosures(childElements(item, "atom:link"))]),
  };
}

// <summary> in RSS is no standard's, but feeds write it where description goes (feedparser reads
// the two as one field): every filled one, in document order.
const DESCRIPTION_FIELDS: ReadonlySet<string> = new Set(["description", "dc:description", "summary"]);

function readDescriptions(item: XmlElement): XmlElement[] {
  return childElements(item).filter(
    (child) => DESCRIPTION_FIELDS.has(child.name) && (hasElementChildren(child) || textContent(child).trim() !== ""),
  );
}

function readItemLink(item: XmlElement): string | null {
  for (const link of childElements(item, "link")) {
    const url = resolveUrl(textContent(link), link.base);
    if (url !== null) return url;
  }
  const atomLink = pickAlternateLink(childElements(item, "atom:link"));
  if (atomLink !== null) return atomLink;
  // RSS 2.0: a guid is the permalink unless isPermaLink="false"; only trust absolute ones.
  const guid = childElements(item, "guid")[0];
  if (!guid || readAttr(guid, "isPermaLink")?.trim().toLowerCase() === "false") return null;
  return resolveUrl(childText(item, "guid"), null);
}

// dc:author is not a Dublin Core term, but feeds write it and feedparser reads it.
const AUTHOR_FIELDS = ["dc:creator", "dc:author", "author", "itunes:author", "atom:author"];

function readRssAuthor(item: XmlElement): string | null {
  return readFirstPerson(item, AUTHOR_FIELDS);
}

function readRssEnclosures(item: XmlElement) {
  return childElements(item, "enclosure").flatMap((element) => {
    const enclosure = buildEnclosure(
      readAttr(element, "url"),
      element.base,
      readAttr(element, "type"),
      readAttr(element, "length"),
    );
    return enclosure ? [enclosure] : [];
  });
}

function toSource(element: XmlElement | null): HtmlSource | null {
  return element ? { html: readRssHtml(element), base: element.base } : null;
}
