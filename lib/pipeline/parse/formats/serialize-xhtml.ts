// Inline XHTML (Atom type="xhtml", RSS xhtml:body) back to an HTML string for the sanitizer.
// Relative references are resolved here, against each element's own xml:base.
import { escapeHtml } from "../sanitize/html-text";
import { resolveUrl, LINK_SCHEMES } from "../sanitize/resolve-url";
import { isElement, type XmlElement, type XmlNode } from "../xml/xml-tree";

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const URL_ATTRIBUTES = new Set(["href", "src", "cite", "poster"]);

export function serializeXhtml(nodes: readonly XmlNode[]): string {
  return nodes.map(serializeNode).join("");
}

function serializeNode(node: XmlNode): string {
  if (!isElement(node)) return escapeHtml(node);
  const name = node.localName.toLowerCase();
  const attrs = Object.entries(node.attrs)
    .filter(([key]) => key !== "xmlns" && !key.includes(":"))
    .map(([key, value]) => ` ${key}="${escapeHtml(rewriteUrl(key, value, node))}"`)
    .join("");
  if (VOID_ELEMENTS.has(name)) return `<${name}${attrs}>`;
  return `<${name}${attrs}>${serializeXhtml(node.children)}</${name}>`;
}

// Unresolvable or non-web URLs are passed through unchanged: the sanitizer drops them.
function rewriteUrl(key: string, value: string, element: XmlElement): string {
  if (!URL_ATTRIBUTES.has(key.toLowerCase())) return value;
  return resolveUrl(value, element.base, LINK_SCHEMES) ?? value;
}
