// Fixes the damage real feeds carry that a strict XML parser rejects outright, without changing
// the meaning of a well-formed document. CDATA sections are left untouched: their text is literal.
import { decodeHtmlEntity } from "../sanitize/html-text";
import { mapC1Control } from "../encoding/replace-c1-controls";

const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);
// XML 1.0 §2.2 Char excludes these; a strict parser rejects the whole document over one.
const ILLEGAL_CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const AMPERSAND = /&(?:#(\d{1,8});|#[xX]([0-9A-Fa-f]{1,8});|([A-Za-z][A-Za-z0-9]{0,31});)?/g;
// Two or more references in a row: where UTF-8 that was read as Latin-1 and re-escaped shows up.
const REFERENCE_RUN = /(?:&(?:#\d{1,3}|#[xX][0-9A-Fa-f]{1,2}|[A-Za-z][A-Za-z0-9]{1,31});){2,}/g;
const REFERENCE = /&(?:#(\d+)|#[xX]([0-9A-Fa-f]+)|([A-Za-z][A-Za-z0-9]*));/g;

export function repairXml(xml: string): string {
  const trimmed = xml.replace(/^[\uFEFF\s]+/, "");
  return mapOutsideCdata(trimmed, (segment) =>
    segment
      .replace(ILLEGAL_CONTROL_CHARS, "")
      .replace(REFERENCE_RUN, undoDoubleEncoding)
      .replace(AMPERSAND, repairAmpersand),
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

// "&#226;&#128;&#166;" (or "&acirc;&#128;&brvbar;") is the UTF-8 of "…" escaped byte by byte
// after a Latin-1 decode: feedparser undoes it, and so do we. Only whole, valid UTF-8 sequences
// of U+0080–U+00FF are rewritten; any other reference is left for repairAmpersand.
function undoDoubleEncoding(run: string): string {
  const references = Array.from(run.matchAll(REFERENCE), (match) => ({ text: match[0], byte: referencedByte(match) }));
  const parts: string[] = [];
  for (let i = 0; i < references.length;) {
    const lead = references[i]?.byte ?? -1;
    const length =
      lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    const bytes = references.slice(i, i + length).map((reference) => reference.byte);
    const decoded =
      length > 0 && bytes.length === length && bytes.slice(1).every((byte) => byte >= 0x80 && byte <= 0xbf)
        ? decodeUtf8(bytes)
        : null;
    if (decoded === null) {
      parts.push(references[i]?.text ?? "");
      i++;
    } else {
      parts.push(`&#${decoded.codePointAt(0)};`);
      i += length;
    }
  }
  return parts.join("");
}

function referencedByte(match: RegExpMatchArray): number {
  const [, decimal, hex, name] = match;
  if (decimal !== undefined) return Number.parseInt(decimal, 10);
  if (hex !== undefined) return Number.parseInt(hex, 16);
  const decoded = name === undefined ? null : decodeHtmlEntity(name);
  return decoded !== null && decoded.length === 1 ? decoded.charCodeAt(0) : -1;
}

function decodeUtf8(bytes: number[]): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
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
