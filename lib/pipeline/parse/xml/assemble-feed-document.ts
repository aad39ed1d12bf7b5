// The lenient recovery's raw output (the shape build-xml-tree.ts reads) to our XmlFeedDocument:
// the namespace and xml:base scopes every element inherits from the root, then the feed element
// and its items. The scopes above the root are shared with the strict parse (parse-xml-feed.ts),
// so both read a document the same way.
import { buildElement, enterScope, readAttrs, type XmlScope } from "./build-xml-tree";
import { isRecord } from "../contract/is-record";
import { coreNamespaces, declareNamespaces, type FeedVocabulary } from "./xml-namespaces";
import type { XmlElement } from "./xml-tree";

/** A feed document as the readers take it: the feed (or channel) element and its items. */
export type XmlFeedDocument = { vocabulary: FeedVocabulary; feed: XmlElement; items: XmlElement[] };
/** The channel (RSS) or feed (Atom) element's raw attributes and children, and the raw items. */
export type RawFeed = { attrs: unknown; children: unknown; items: unknown };

const ITEM_NAMES: ReadonlySet<string> = new Set(["item", "entry"]);
const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

export function assembleFeedDocument(
  rootName: string,
  rootAttrs: Record<string, string>,
  raw: RawFeed,
  documentUrl: string | null,
): XmlFeedDocument {
  const rootLocal = rootName.slice(rootName.indexOf(":") + 1);
  const { vocabulary, documentScope, rootScope } = enterDocument(rootName, rootAttrs, documentUrl);

  if (vocabulary === "atom") {
    const feed = buildElement("feed", raw.attrs, raw.children, documentScope, ITEM_NAMES);
    return { vocabulary, feed, items: buildItems(raw.items, "entry", rootScope) };
  }
  const feed = buildElement("channel", raw.attrs, raw.children, rootScope, ITEM_NAMES);
  // RSS 1.0 (RDF) items are siblings of the channel, RSS 0.9x/2.0 items its children.
  const itemScope = rootLocal === "RDF" ? rootScope : enterScope(rootScope, readAttrs(raw.attrs));
  return { vocabulary, feed, items: buildItems(raw.items, "item", itemScope) };
}

/** The scope above the root (the feed's own vocabulary, the document URL) and the root's own. */
export function enterDocument(rootName: string, rootAttrs: Record<string, string>, documentUrl: string | null) {
  const colon = rootName.indexOf(":");
  const rootPrefix = colon === -1 ? "" : rootName.slice(0, colon);
  const vocabulary: FeedVocabulary = rootName.slice(colon + 1) === "feed" ? "atom" : "rss";
  const initial: XmlScope = { namespaces: new Map([["xml", XML_NAMESPACE]]), core: new Set(), base: documentUrl };
  const rootNamespace = declareNamespaces(initial.namespaces, rootAttrs).get(rootPrefix) ?? null;
  const documentScope: XmlScope = { ...initial, core: coreNamespaces(vocabulary, rootNamespace) };
  return { vocabulary, documentScope, rootScope: enterScope(documentScope, rootAttrs) };
}

function buildItems(raw: unknown, name: string, scope: XmlScope): XmlElement[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((item) => buildElement(name, item.attrs, item.children, scope));
}
