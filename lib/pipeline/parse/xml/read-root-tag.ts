// The root element's start tag, read from the text: its attributes carry the namespace
// declarations and xml:base every other element inherits, read before the parse starts.
import { scanProlog } from "../encoding/scan-prolog";

export type RootTag = {
  attrs: Record<string, string>;
  /** Offsets of the "<" and just past the ">" of the start tag. */
  start: number;
  end: number;
  selfClosing: boolean;
};

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function readRootTag(xml: string): RootTag | null {
  const { rootName, rootStart } = scanProlog(xml);
  if (rootName === null) return null;
  const end = findTagEnd(xml, rootStart);
  if (end === -1) return null;
  const tag = xml.slice(rootStart, end);
  const attrs: Record<string, string> = {};
  for (const match of tag.slice(1 + rootName.length).matchAll(ATTRIBUTE)) {
    const [, name = "", double, single] = match;
    attrs[name] = decodeXmlEntities(double ?? single ?? "");
  }
  return { attrs, start: rootStart, end, selfClosing: tag.endsWith("/>") };
}

// Attribute values may contain ">", so quotes are tracked.
function findTagEnd(xml: string, from: number): number {
  let quote: string | null = null;
  for (let i = from + 1; i < xml.length; i++) {
    const ch = xml.charAt(i);
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === ">") {
      return i + 1;
    }
  }
  return -1;
}

function decodeXmlEntities(value: string): string {
  return value.replace(
    /&(?:#(\d+)|#x([0-9a-fA-F]+)|(\w+));/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return XML_ENTITIES[name] ?? whole;
      const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? "", 16);
      return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    },
  );
}
