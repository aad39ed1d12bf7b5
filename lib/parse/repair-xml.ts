// Fixes the damage real feeds carry that a strict XML parser rejects outright, without changing
// the meaning of a well-formed document. CDATA sections are left untouched: their text is literal.
import { decodeHtmlEntity } from "./html-text";
import { mapC1Control } from "./replace-c1-controls";

const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);
// XML 1.0 §2.2 Char excludes these; a strict parser rejects the whole document over one.
const ILLEGAL_CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const AMPERSAND = /&(?:#(\d{1,8});|#[xX]([0-9A-Fa-f]{1,8});|([A-Za-z][A-Za-z0-9]{0,31});)?/g;

export function repairXml(xml: string): string {
  const trimmed = xml.replace(/^[\uFEFF\s]+/, "");
  return mapOutsideCdata(trimmed, (segment) =>
    segment.replace(ILLEGAL_CONTROL_CHARS, "").replace(AMPERSAND, repairAmpersand),
  );
}

function mapOutsideCdata(xml: string, repair: (segment: string) => string): string {
  const parts: string[] = [];
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf("<![CDATA[", at);
    if (open === -1) break;
    const close = xml.indexOf("]]>", open + 9);
    const end = close === -1 ? xml.length : close + 3;
    parts.push(repair(xml.slice(at, open)), xml.slice(open, end).replace(ILLEGAL_CONTROL_CHARS, ""));
    at = end;
  }
  parts.push(repair(xml.slice(at)));
  return parts.join("");
}

function repairAmpersand(match: string, decimal?: string, hex?: string, name?: string): string {
  if (decimal !== undefined || hex !== undefined) {
    const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? "", 16);
    if (!isXmlChar(codePoint)) return "&#xFFFD;";
    const mapped = mapC1Control(codePoint);
    return mapped === codePoint ? match : `&#${mapped};`;
  }
  if (name === undefined) return "&amp;"; // a bare "&", as in "Q&A" or an unescaped query string
  if (XML_ENTITIES.has(name)) return match;
  // HTML named entities (&nbsp; &mdash; ...) are undefined in XML: spell them numerically.
  const decoded = decodeHtmlEntity(name);
  if (decoded === null) return `&amp;${name};`;
  return Array.from(decoded, (ch) => `&#${ch.codePointAt(0)};`).join("");
}

// XML 1.0 §2.2 Char production.
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}
