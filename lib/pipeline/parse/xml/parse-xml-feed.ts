// The strict parse: sax in strict mode checks well-formedness, and our XmlElement tree of the
// feed element and its items is built straight from its events (no intermediate tree, no
// second pass). The skeleton is found by name, as rss-parser found it when it did this job:
// the channel is the root's first <channel> (RSS), the items that channel's <item> children
// (RSS 0.9x/2.0) or the root's (RSS 1.0), the entries the root's <entry> children (Atom), under
// any prefix bound to the feed's own namespace. Everything after the root's end tag is ignored
// (as it always was: a feed with junk after </rss> keeps its items). Each item is handed to
// `onItem` as soon as its end tag is read, so the caller can read it and let its tree go: a feed
// of 100,000 items never has more than one item's tree at a time. A document that fails has
// handed over some items already; the caller discards them with the failure.
import sax from "sax";
import { enterDocument, type XmlFeedDocument } from "./assemble-feed-document";
import { enterScope, MAX_DEPTH, readAttrs, type XmlScope } from "./build-xml-tree";
import { readRootTag, type RootTag } from "./read-root-tag";
import { canonicalName, findSkeletonPrefixes, type FeedVocabulary } from "./xml-namespaces";
import type { XmlElement } from "./xml-tree";

export type { XmlFeedDocument } from "./assemble-feed-document";
/** The feed element without its items: they went to the caller one by one. */
export type XmlFeedHead = Omit<XmlFeedDocument, "items">;
export type XmlParseOutcome = { ok: true; head: XmlFeedHead } | { ok: false; detail: string };
export type ItemSink = (item: XmlElement, vocabulary: FeedVocabulary) => void;

// An element being read: `element` is null outside the feed element and the items (not built).
type Open = { element: XmlElement | null; scope: XmlScope; depth: number; skeleton: string | null; isItem?: true };

/** Thrown from a handler to stop sax at the first error or at the root's end tag. */
class Stop extends Error {}

export function parseXmlFeed(
  xml: string,
  rootName: string,
  documentUrl: string | null,
  onItem: ItemSink,
): XmlParseOutcome {
  const colon = rootName.indexOf(":");
  const rootPrefix = colon === -1 ? "" : rootName.slice(0, colon);
  const rootLocal = rootName.slice(colon + 1);
  const vocabulary: FeedVocabulary = rootLocal === "feed" ? "atom" : "rss";
  const isRdf = rootLocal === "RDF";
  // The root's own prefix counts whatever it is bound to: pre-1.0 Atom drafts used several URIs.
  const skeleton = skeletonNames(rootName, rootLocal, findSkeletonPrefixes(xml, vocabulary).add(rootPrefix));
  const root = readRootTag(xml);
  if (root === null) return { ok: false, detail: "invalid XML: unterminated root element" };
  if (xml.trim() === "") return { ok: false, detail: "invalid XML: empty document" };

  const { documentScope, rootScope } = enterDocument(rootName, root.attrs, documentUrl);
  const text = vocabulary === "rss" ? ensureChannel(xml, root, rootName, isRdf) : xml;
  const context: ReadContext = { vocabulary, isRdf, skeleton, documentScope, rootScope, onItem };
  // Counting lines and columns costs sax a sixth of its time and only an error message needs
  // them: a document that fails is read again with them, for the flag the fetch log shows (its
  // items are not handed over again: the caller has them, or dropped them).
  const outcome = readFeed(text, context, false);
  return outcome.ok ? outcome : readFeed(text, { ...context, onItem: () => undefined }, true);
}

type ReadContext = {
  vocabulary: FeedVocabulary;
  isRdf: boolean;
  skeleton: ReadonlyMap<string, string>;
  documentScope: XmlScope;
  rootScope: XmlScope;
  onItem: ItemSink;
};

function readFeed(
  text: string,
  { vocabulary, isRdf, skeleton, documentScope, rootScope, onItem }: ReadContext,
  position: boolean,
): XmlParseOutcome {
  const stack: Open[] = [];
  let feed: XmlElement | null = null;
  let error: string | null = null;
  let closed = false;

  const parser = sax.parser(true, { trim: false, normalize: false, xmlns: false, position });
  parser.onerror = (failure) => {
    error = describeXmlError(failure);
    throw new Stop();
  };
  parser.onopentag = (tag) => {
    const parent = stack.at(-1);
    const attrs = readAttrs(tag.attributes);
    const name = skeleton.get(tag.name) ?? null;
    if (parent === undefined) {
      // The root: in Atom it is the feed element itself (in the scope of its own attributes as
      // sax read them); in RSS only the channel and the items below it are built.
      const scope = vocabulary === "atom" ? enterScope(documentScope, attrs) : rootScope;
      const element = vocabulary === "atom" ? newElement("feed", attrs, scope) : null;
      if (element) feed = element;
      stack.push({ element, scope, depth: 0, skeleton: null });
      return;
    }
    const inRoot = stack.length === 1;
    let open: Open;
    if (inRoot && vocabulary === "atom" && name === "entry") {
      open = itemOpen("entry", attrs, rootScope);
    } else if (inRoot && vocabulary === "rss" && name === "channel" && feed === null) {
      const scope = enterScope(rootScope, attrs);
      feed = newElement("channel", attrs, scope);
      open = { element: feed, scope, depth: 0, skeleton: "channel" };
    } else if (inRoot && isRdf && name === "item") {
      open = itemOpen("item", attrs, rootScope);
    } else if (
      stack.length === 2 &&
      !isRdf &&
      vocabulary === "rss" &&
      name === "item" &&
      parent.element !== null &&
      parent.element === feed
    ) {
      open = itemOpen("item", attrs, parent.scope);
    } else if (
      parent.element === null ||
      parent.depth >= MAX_DEPTH ||
      (parent.element === feed && (name === "item" || name === "entry"))
    ) {
      open = { element: null, scope: parent.scope, depth: parent.depth + 1, skeleton: name };
    } else {
      // Skeleton names are read as written without their prefix ("a:entry" inside an entry is "entry").
      const qname = name ?? tag.name;
      const scope = enterScope(parent.scope, attrs);
      const element = newElement(qname, attrs, scope);
      parent.element.children.push(element);
      open = { element, scope, depth: parent.depth + 1, skeleton: name };
    }
    stack.push(open);
  };
  parser.onclosetag = () => {
    const ended = stack.pop();
    if (ended?.isItem && ended.element) onItem(ended.element, vocabulary);
    if (stack.length === 0) {
      closed = true;
      throw new Stop();
    }
  };
  parser.ontext = parser.oncdata = (text) => {
    const open = stack.at(-1);
    if (open?.element && open.depth < MAX_DEPTH) open.element.children.push(text);
  };

  try {
    parser.write(text).close();
  } catch (thrown) {
    if (!(thrown instanceof Stop)) throw thrown;
  }
  if (error !== null) return { ok: false, detail: error };
  if (!closed) return { ok: false, detail: "invalid XML: empty document" };
  if (feed === null) return { ok: false, detail: "invalid XML: no channel element under the root" };
  return { ok: true, head: { vocabulary, feed } };
}

function newElement(qname: string, attrs: Record<string, string>, scope: XmlScope): XmlElement {
  const localName = qname.slice(qname.indexOf(":") + 1);
  return { name: canonicalName(qname, scope.namespaces, scope.core), localName, attrs, children: [], base: scope.base };
}

function itemOpen(name: string, attrs: Record<string, string>, parentScope: XmlScope): Open {
  const scope = enterScope(parentScope, attrs);
  return { element: newElement(name, attrs, scope), scope, depth: 0, skeleton: name, isItem: true };
}

// The names that make up the skeleton, to the unprefixed names they are read as; `prefixes` are
// the ones bound to the feed's own namespace (see findSkeletonPrefixes).
function skeletonNames(rootName: string, rootLocal: string, prefixes: ReadonlySet<string>): Map<string, string> {
  const locals = rootLocal === "feed" ? ["entry"] : ["channel", "item"];
  const names = new Map(locals.map((local) => [local, local]));
  for (const prefix of prefixes) for (const local of locals) if (prefix !== "") names.set(`${prefix}:${local}`, local);
  names.set(rootName, rootLocal === "feed" ? "feed" : rootLocal === "RDF" ? "rdf:RDF" : "rss");
  return names;
}

// Feeds with items directly under <rss>, and RDF without a channel, exist and other readers
// accept them: the channel they lack is added to the text, so the one reading above applies.
function ensureChannel(xml: string, root: RootTag, rootName: string, isRdf: boolean): string {
  if (/<(?:[^\s<>/:]+:)?channel[\s>/]/.test(xml)) return xml;
  const openTag = xml.slice(root.start, root.end);
  if (root.selfClosing)
    return `${xml.slice(0, root.start)}${openTag.slice(0, -2)}><channel/></${rootName}>${xml.slice(root.end)}`;
  if (isRdf) return `${xml.slice(0, root.end)}<channel/>${xml.slice(root.end)}`;
  const close = xml.lastIndexOf(`</${rootName}`);
  if (close < root.end) return `${xml.slice(0, root.end)}<channel>${xml.slice(root.end)}`; // truncated: sax reports it
  return `${xml.slice(0, root.end)}<channel>${xml.slice(root.end, close)}</channel>${xml.slice(close)}`;
}

// sax reports "Unexpected close tag\nLine: 2\nColumn: 7\nChar: >" with 0-based lines.
function describeXmlError(error: Error): string {
  const [reason = "unreadable document", ...rest] = error.message.split("\n");
  const line = /Line: (\d+)/.exec(rest.join("\n"));
  const column = /Column: (\d+)/.exec(rest.join("\n"));
  const where = line && column ? ` (line ${Number(line[1]) + 1}, column ${column[1]})` : "";
  return `invalid XML: ${reason.replace(/\.$/, "")}${where}`;
}
