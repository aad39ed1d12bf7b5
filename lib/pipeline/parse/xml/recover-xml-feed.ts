// The second chance for a feed the strict parse refused: the same (already repaired) text read
// by htmlparser2 in XML mode, which never gives up. It closes what is left open at the end (a
// missing `>` of `</rss>`, a truncated body), ignores a close tag that matches nothing open and
// closes the elements a mismatched one skips over. Feedparser, Miniflux and newsboat all
// recover such feeds; refusing them would lose every item over one typo of the publisher's.
// Entity declarations never get here: they are refused before either parse (refuse-entities.ts).
import { type ChildNode, type Document, DomHandler, type Element, isCDATA, isTag, isText } from "domhandler";
import { Parser } from "htmlparser2";
import { findSkeletonPrefixes } from "./xml-namespaces";
import { assembleFeedDocument, type XmlFeedDocument } from "./assemble-feed-document";
import { MAX_DEPTH } from "./build-xml-tree";
import { textContent, type XmlElement } from "./xml-tree";

type RawNode = { "#name": string; $?: Record<string, string>; $$?: RawNode[]; _?: string };

/** The readable part of a malformed feed, or null when there is nothing to keep. */
export function recoverXmlFeed(xml: string, rootName: string, documentUrl: string | null): XmlFeedDocument | null {
  const dom = parseLeniently(closeOpenCdata(xml));
  const root = dom.children.find((node): node is Element => isTag(node) && node.name === rootName);
  if (!root) return null;
  const document = assembleFeedDocument(rootName, root.attribs, readSkeleton(root, rootName, xml), documentUrl);
  return document.items.length > 0 || hasTitle(document.feed) ? document : null;
}

// Elements open at once. Deeper than MAX_DEPTH nothing is kept anyway; the parser's
// open-element stack costs time quadratic in the depth (50,000 nested <b> take seconds), so past
// this the rest of the document is not read: what came before it is kept.
const MAX_OPEN_ELEMENTS = 1024;

class BoundedDomHandler extends DomHandler {
  open = 0;
  stop: () => void = () => {};

  override onopentag(name: string, attribs: Record<string, string>): void {
    if (++this.open > MAX_OPEN_ELEMENTS) return this.stop();
    super.onopentag(name, attribs);
  }

  override onclosetag(): void {
    this.open--;
    super.onclosetag();
  }
}

function parseLeniently(xml: string): Document {
  const handler = new BoundedDomHandler();
  const parser = new Parser(handler, { xmlMode: true });
  handler.stop = () => parser.pause();
  parser.end(xml);
  return handler.root;
}

// Where the strict parse finds the feed element and the items (see parse-xml-feed.ts), found the same
// way here: Atom entries under <feed>, RSS 1.0 items beside the channel, RSS 2.0 items in it
// (or directly under <rss> when there is no channel), unprefixed or under any prefix bound to the
// feed's namespace (findSkeletonPrefixes), as the strict parse reads them.
function readSkeleton(root: Element, rootName: string, xml: string) {
  const colon = rootName.indexOf(":");
  const rootLocal = rootName.slice(colon + 1);
  const prefixes = findSkeletonPrefixes(xml, rootLocal === "feed" ? "atom" : "rss").add(
    rootName.slice(0, Math.max(colon, 0)),
  );
  const named = (local: string) =>
    new Set([local, ...[...prefixes].filter((prefix) => prefix !== "").map((prefix) => `${prefix}:${local}`)]);
  if (rootLocal === "feed") return rawFeed(root, childTags(root, named("entry")));
  const channel = childTags(root, named("channel"))[0];
  if (rootLocal === "RDF") return rawFeed(channel ?? null, childTags(root, named("item")));
  return rawFeed(channel ?? root, childTags(channel ?? root, named("item")));
}

function rawFeed(feed: Element | null, items: Element[]) {
  const raw = feed ? toRaw(feed, 0) : null;
  return {
    attrs: raw?.$,
    children: raw?.$$ ?? [],
    items: items.map((item) => ({ attrs: item.attribs, children: toRaw(item, 0).$$ })),
  };
}

function childTags(parent: Element, names: ReadonlySet<string>): Element[] {
  return parent.children.filter((node): node is Element => isTag(node) && names.has(node.name));
}

// The raw shape build-xml-tree.ts reads.
function toRaw(element: Element, depth: number): RawNode {
  const children = depth < MAX_DEPTH ? element.children.flatMap((node) => rawChildren(node, depth + 1)) : [];
  return { "#name": element.name, $: element.attribs, $$: children };
}

function rawChildren(node: ChildNode, depth: number): RawNode[] {
  if (isText(node)) return [{ "#name": "__text__", _: node.data }];
  if (isTag(node)) return [toRaw(node, depth)];
  if (isCDATA(node)) return node.children.flatMap((child) => rawChildren(child, depth));
  return []; // comments, processing instructions
}

// An unterminated CDATA section swallows the rest of the document. It most likely ends where
// the element it was opened in does: `<description><![CDATA[...</description>`.
function closeOpenCdata(xml: string): string {
  const open = xml.lastIndexOf("<![CDATA[");
  if (open === -1 || xml.indexOf("]]>", open) !== -1) return xml;
  const parent = /<([A-Za-z_][\w:.-]*)(?:\s[^<>]*)?>\s*$/.exec(xml.slice(Math.max(0, open - 1024), open));
  if (!parent) return xml;
  const close = xml.indexOf(`</${parent[1]}`, open);
  return close === -1 ? xml : `${xml.slice(0, close)}]]>${xml.slice(close)}`;
}

function hasTitle(feed: XmlElement): boolean {
  return feed.children.some(
    (node) => typeof node !== "string" && node.localName === "title" && textContent(node).trim() !== "",
  );
}
