// A stream page as the Atom feed Google Reader served at /reader/atom/<stream id>, which older
// apps read: the same items as stream/contents (toGReaderItem), each an <entry> with Google's
// gr: attributes (crawl time, the item's stream), its states as <category> terms and the
// continuation as <gr:continuation>. Pure; every value XML-escaped.
import { escapeXml } from "@/lib/pipeline/parse/opml/serialize-opml";
import type { GReaderItem } from "@/lib/features/greader/streams/to-greader-item";

const GOOGLE_SCHEME = "http://www.google.com/reader/";

export function formatAtomStream(input: {
  streamId: string;
  title: string;
  updated: Date;
  items: readonly GReaderItem[];
  continuation: string | null;
}): string {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/">`,
    `<generator>Tidings</generator>`,
    `<id>tag:google.com,2005:reader/${escapeXml(input.streamId)}</id>`,
    `<title type="text">${escapeXml(input.title)}</title>`,
    ...(input.continuation === null ? [] : [`<gr:continuation>${escapeXml(input.continuation)}</gr:continuation>`]),
    `<updated>${input.updated.toISOString()}</updated>`,
    ...input.items.map(formatEntry),
    `</feed>`,
    ``,
  ];
  return lines.join("\n");
}

function formatEntry(item: GReaderItem): string {
  const at = (seconds: number) => new Date(seconds * 1000).toISOString();
  const parts = [
    `<entry gr:crawl-timestamp-msec="${escapeXml(item.crawlTimeMsec)}">`,
    `<id>${escapeXml(item.id)}</id>`,
    ...item.categories.map(
      (term) =>
        `<category term="${escapeXml(term)}" scheme="${GOOGLE_SCHEME}" label="${escapeXml(term.slice(term.lastIndexOf("/") + 1))}"/>`,
    ),
    `<title type="text">${escapeXml(item.title)}</title>`,
    `<published>${at(item.published)}</published>`,
    `<updated>${at(item.updated)}</updated>`,
    ...item.alternate.map(
      (link) => `<link rel="alternate" href="${escapeXml(link.href)}" type="${escapeXml(link.type)}"/>`,
    ),
    ...item.enclosure.map(
      (enclosure) =>
        `<link rel="enclosure" href="${escapeXml(enclosure.href)}" type="${escapeXml(enclosure.type)}"${enclosure.length === undefined ? "" : ` length="${enclosure.length}"`}/>`,
    ),
    `<content type="html">${escapeXml(item.content.content)}</content>`,
    ...(item.author === "" ? [] : [`<author><name>${escapeXml(item.author)}</name></author>`]),
    `<source gr:stream-id="${escapeXml(item.origin.streamId)}"><id>tag:google.com,2005:reader/${escapeXml(item.origin.streamId)}</id><title type="text">${escapeXml(item.origin.title)}</title>${
      item.origin.htmlUrl === ""
        ? ""
        : `<link rel="alternate" href="${escapeXml(item.origin.htmlUrl)}" type="text/html"/>`
    }</source>`,
    `</entry>`,
  ];
  return parts.join("\n");
}
