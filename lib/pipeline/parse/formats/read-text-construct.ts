// What an element's text means: plain text or HTML. Atom says so explicitly (RFC 4287 §3.1
// type="text|html|xhtml"; Atom 0.3 used MIME types plus mode="escaped|xml|base64"); RSS
// fields are HTML by convention, sometimes with raw XHTML elements inside.
import { collapseWhitespace, htmlToText, textToHtml } from "../sanitize/html-text";
import { serializeXhtml } from "./serialize-xhtml";
import { hasElementChildren, isElement, readAttr, textContent, type XmlElement, type XmlNode } from "../xml/xml-tree";

export type TextValue = { html: boolean; value: string };

export function readAtomText(element: XmlElement): TextValue {
  const type = (readAttr(element, "type") ?? "").trim().toLowerCase();
  const mode = (readAttr(element, "mode") ?? "").trim().toLowerCase();
  const isHtmlType = type === "html" || type.includes("html");

  if (mode === "base64" || isBinaryType(type)) {
    const decoded = decodeBase64(textContent(element));
    // Without a text type, bytes that read as HTML are HTML (feedparser's rule too): a publisher
    // who base64-encodes plain text writes no end tag or character reference.
    if (decoded !== null)
      return { html: isHtmlType || (!isTextType(type) && LOOKS_LIKE_HTML.test(decoded)), value: decoded };
  }
  // Atom 1.0's xhtml wraps its content in a div (RFC 4287 §3.1.1.3); Atom 0.3's inline XML
  // (mode="xml", an XML MIME type) has no wrapper: a div there is the publisher's.
  if (mode !== "escaped" && type === "xhtml")
    return { html: true, value: serializeXhtml(unwrapXhtmlDiv(element.children)) };
  if (mode !== "escaped" && (mode === "xml" || isXmlType(type)))
    return { html: true, value: serializeXhtml(element.children) };
  if (isHtmlType) return { html: true, value: textContent(element) };
  // Markup inside a "text" element is a publisher mistake; keep it as markup, not as literal tags.
  if (hasElementChildren(element)) return { html: true, value: serializeXhtml(element.children) };
  return { html: false, value: textContent(element) };
}

/** An RSS field (description, content:encoded, title) as an HTML string. */
export function readRssHtml(element: XmlElement): string {
  return hasElementChildren(element) ? serializeXhtml(element.children) : textContent(element);
}

export function toPlainText(text: TextValue): string {
  return text.html ? htmlToText(text.value) : collapseWhitespace(text.value);
}

export function toHtml(text: TextValue): string {
  return text.html ? text.value : textToHtml(text.value);
}

// RFC 4287 §3.1.1.3: the xhtml div is a wrapper, not part of the content.
function unwrapXhtmlDiv(children: readonly XmlNode[]): readonly XmlNode[] {
  const elements = children.filter(isElement);
  const onlyWhitespaceAround = children.every((node) => isElement(node) || node.trim() === "");
  const [div] = elements;
  if (elements.length === 1 && div && div.localName === "div" && onlyWhitespaceAround) return div.children;
  return children;
}

const LOOKS_LIKE_HTML = /<\/[a-z][a-z0-9]*\s*>|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

function isTextType(type: string): boolean {
  return type === "text" || type === "text/plain";
}

function isXmlType(type: string): boolean {
  return type === "application/xhtml+xml" || type.endsWith("+xml") || type.endsWith("/xml");
}

function isBinaryType(type: string): boolean {
  return type.includes("/") && !type.startsWith("text/") && !type.includes("xml") && !type.includes("html");
}

function decodeBase64(text: string): string | null {
  const compact = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, "base64").toString("utf8");
}
