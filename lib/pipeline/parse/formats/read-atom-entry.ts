// One Atom 1.0 (or 0.3) <entry> to a RawItem. Dates are read here, each on its own, so one
// unparseable <published> costs that entry its date and nothing else.
import type { HtmlSource, RawItem } from "../items/finish-item";
import { readAtomAuthor, readFirstPerson } from "./read-author";
import { dedupeEnclosures, pickAlternateLink, readLinkEnclosures } from "./read-links";
import { readFirstDate } from "./read-first-date";
import { readAtomText, toHtml, toPlainText } from "./read-text-construct";
import { childElements, childText, firstChild, readAttr, type XmlElement } from "../xml/xml-tree";

// Atom 0.3 spelled published/updated as issued/created/modified.
const DATE_FIELDS = ["published", "issued", "created", "dc:date", "updated", "modified", "dcterms:modified"];

const DC_AUTHORS = ["dc:creator", "dc:author"];

/** `feedAuthor`: RFC 4287 §4.2.1, an entry without <author> inherits the feed's. */
export function readAtomEntry(entry: XmlElement, feedAuthor: string | null): RawItem {
  const title = firstChild(entry, "title");
  const links = childElements(entry, "link");
  return {
    guid: childText(entry, "id"),
    url: pickAlternateLink(links),
    title: title ? toPlainText(readAtomText(title)) : "",
    author: readAtomAuthor(entry) ?? readFirstPerson(entry, DC_AUTHORS) ?? feedAuthor,
    content: readContent(firstChild(entry, "content")),
    summary: readContent(firstChild(entry, "summary")),
    publishedAt: readFirstDate(entry, DATE_FIELDS),
    enclosures: dedupeEnclosures(readLinkEnclosures(links)),
  };
}

function readContent(element: XmlElement | null): HtmlSource | null {
  // Out-of-line content (src="...") has nothing inline to show.
  if (element === null || readAttr(element, "src") !== null) return null;
  return { html: toHtml(readAtomText(element)), base: element.base };
}
