// The rss-parser wrapper. rss-parser (sax in strict mode underneath) gives us well-formedness
// checking and the feed's skeleton: which element is the channel, which are the items, for
// RSS 0.9x / 1.0 / 2.0 and Atom alike. Its per-field mapping is where it is brittle: an
// unparseable Atom <published> throws "Invalid time value" and loses the whole feed, an
// attribute-less <link> throws a TypeError, xhtml titles come back as objects, mixed content
// loses its order. So every element except the skeleton is renamed before rss-parser sees it,
// its mapping code finds nothing to (mis)handle, and our readers take the raw ordered children
// it copies through `customFields`. It never fetches: we only call parseString.
import Parser from "rss-parser";
import { assembleFeedDocument, type XmlFeedDocument } from "./assemble-feed-document";
import { HIDDEN_NAME_PREFIX } from "./build-xml-tree";
import { isRecord } from "./is-record";
import { readRootTag, type RootTag } from "./read-root-tag";
import type { FeedVocabulary } from "./xml-namespaces";

export type { XmlFeedDocument } from "./assemble-feed-document";
export type XmlParseOutcome = { ok: true; document: XmlFeedDocument } | { ok: false; detail: string };
const RAW_FIELDS: [string, string, { keepArray: boolean }][] = [
  ["$$", "children", { keepArray: true }],
  ["$", "attrs", { keepArray: true }],
];

export async function parseXmlFeed(xml: string, rootName: string, documentUrl: string | null): Promise<XmlParseOutcome> {
  const colon = rootName.indexOf(":");
  const rootPrefix = colon === -1 ? "" : rootName.slice(0, colon + 1);
  const rootLocal = rootName.slice(colon + 1);
  const vocabulary: FeedVocabulary = rootLocal === "feed" ? "atom" : "rss";
  const skeleton = skeletonNames(rootName, rootPrefix, rootLocal);
  const root = readRootTag(xml);
  if (root === null) return { ok: false, detail: "invalid XML: unterminated root element" };

  const parser = new Parser<Record<string, unknown>, Record<string, unknown>>({
    defaultRSS: 2, // <rss> without a version attribute is common; parse it as RSS 2.0
    // The typings only allow plain names for feed fields; the code (copyFromXML) treats feed
    // and item fields alike, so the [from, to, options] form works for both.
    customFields: { feed: RAW_FIELDS as unknown as string[], item: RAW_FIELDS },
    xml2js: {
      explicitChildren: true,
      preserveChildrenOrder: true,
      charsAsChildren: true,
      includeWhiteChars: true,
      tagNameProcessors: [(name: string) => skeleton.get(name) ?? HIDDEN_NAME_PREFIX + name],
    },
  });

  let output: unknown;
  try {
    output = await parser.parseString(vocabulary === "rss" ? ensureChannel(xml, root, rootName, rootLocal === "RDF") : xml);
  } catch (error) {
    return { ok: false, detail: describeXmlError(error) };
  }
  if (!isRecord(output)) return { ok: false, detail: "invalid XML: no feed found" };

  const raw = { attrs: output.attrs, children: output.children, items: output.items };
  return { ok: true, document: assembleFeedDocument(rootName, root.attrs, raw, documentUrl) };
}

// rss-parser recognises the root, channel and items by these exact names.
function skeletonNames(rootName: string, rootPrefix: string, rootLocal: string): Map<string, string> {
  if (rootLocal === "feed") return new Map([[rootName, "feed"], [`${rootPrefix}entry`, "entry"]]);
  const root = rootLocal === "RDF" ? "rdf:RDF" : "rss";
  return new Map([[rootName, root], ["channel", "channel"], ["item", "item"]]);
}

// rss-parser dereferences channel[0] unconditionally (a TypeError without one), yet feeds with
// items directly under <rss>, and RDF without a channel, exist and other readers accept them.
// The fix is textual because rss-parser offers no hook that isn't called for every element.
function ensureChannel(xml: string, root: RootTag, rootName: string, isRdf: boolean): string {
  if (/<channel[\s>/]/.test(xml)) return xml;
  const openTag = xml.slice(root.start, root.end);
  if (root.selfClosing) return `${xml.slice(0, root.start)}${openTag.slice(0, -2)}><channel/></${rootName}>${xml.slice(root.end)}`;
  if (isRdf) return `${xml.slice(0, root.end)}<channel/>${xml.slice(root.end)}`;
  const close = xml.lastIndexOf(`</${rootName}`);
  if (close < root.end) return `${xml.slice(0, root.end)}<channel>${xml.slice(root.end)}`; // truncated: sax reports it
  return `${xml.slice(0, root.end)}<channel>${xml.slice(root.end, close)}</channel>${xml.slice(close)}`;
}

// sax reports "Unexpected close tag\nLine: 2\nColumn: 7\nChar: >" with 0-based lines.
function describeXmlError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const [reason = "unreadable document", ...rest] = message.split("\n");
  const line = /Line: (\d+)/.exec(rest.join("\n"));
  const column = /Column: (\d+)/.exec(rest.join("\n"));
  const where = line && column ? ` (line ${Number(line[1]) + 1}, column ${column[1]})` : "";
  if (reason === "Unable to parse XML.") return "invalid XML: empty document";
  return `invalid XML: ${reason.replace(/\.$/, "")}${where}`;
}
