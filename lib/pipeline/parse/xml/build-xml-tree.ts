// Turns the raw tree the lenient recovery hands over (recover-xml-feed.ts) into our XmlElement
// tree, and holds the scope rules both parses share. The raw shape is `unknown` and narrowed
// field by field: every element is { "#name", "$"?: attributes, "$$"?: children }, text nodes
// are { "#name": "__text__", "_" }.
import { isRecord } from "../contract/is-record";
import { canonicalName, declareNamespaces } from "./xml-namespaces";
import type { XmlElement, XmlNode } from "./xml-tree";

export type XmlScope = {
  namespaces: ReadonlyMap<string, string>;
  core: ReadonlySet<string>;
  base: string | null;
};

/** Deeper nesting is never content a reader shows; the cap keeps recursion bounded. */
export const MAX_DEPTH = 200;

/** `skip` names raw children left out (the items, which are built separately from the feed). */
export function buildElement(
  qname: string,
  attrsRaw: unknown,
  childrenRaw: unknown,
  parent: XmlScope,
  skip?: ReadonlySet<string>,
  depth = 0,
): XmlElement {
  const attrs = readAttrs(attrsRaw);
  const scope = enterScope(parent, attrs);
  const children: XmlNode[] = [];
  if (depth < MAX_DEPTH && Array.isArray(childrenRaw)) {
    for (const raw of childrenRaw) {
      if (skip && isRecord(raw) && typeof raw["#name"] === "string" && skip.has(raw["#name"])) continue;
      const child = buildNode(raw, scope, depth + 1);
      if (child !== null) children.push(child);
    }
  }
  const localName = qname.slice(qname.indexOf(":") + 1);
  return { name: canonicalName(qname, scope.namespaces, scope.core), localName, attrs, children, base: scope.base };
}

export function enterScope(parent: XmlScope, attrs: Record<string, string>): XmlScope {
  const namespaces = declareNamespaces(parent.namespaces, attrs);
  const xmlBase = attrs["xml:base"];
  const base = xmlBase === undefined ? parent.base : resolveBase(xmlBase, parent.base);
  return namespaces === parent.namespaces && base === parent.base ? parent : { ...parent, namespaces, base };
}

export function readAttrs(raw: unknown): Record<string, string> {
  const attrs: Record<string, string> = {};
  if (!isRecord(raw)) return attrs;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "string") attrs[key] = value;
  }
  return attrs;
}

function buildNode(raw: unknown, scope: XmlScope, depth: number): XmlNode | null {
  if (!isRecord(raw)) return null;
  const name = raw["#name"];
  if (name === "__text__") return typeof raw._ === "string" ? raw._ : null;
  if (typeof name !== "string") return null;
  return buildElement(name, raw.$, raw.$$, scope, undefined, depth);
}

// An unusable xml:base is ignored rather than allowed to break every link below it.
function resolveBase(value: string, parent: string | null): string | null {
  const trimmed = value.trim();
  if (URL.canParse(trimmed, parent ?? undefined)) return new URL(trimmed, parent ?? undefined).href;
  return parent;
}
