// The places a document's encoding can be read from before we know how to decode it. Each
// function reports what the bytes or headers *say*; decode-body.ts judges it against the bytes.

export type Bom = { encoding: string; length: number };

export function sniffBom(bytes: Uint8Array): Bom | null {
  const [a, b, c, d] = bytes;
  // UTF-32 first: its little-endian mark starts with the UTF-16LE one.
  if (a === 0xff && b === 0xfe && c === 0x00 && d === 0x00) return { encoding: "utf-32le", length: 4 };
  if (a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff) return { encoding: "utf-32be", length: 4 };
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8", length: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", length: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", length: 2 };
  return null;
}

/** The charset parameter of a Content-Type header, tolerating quotes and stray spaces. */
export function readHttpCharset(contentType: string | null): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*["']?\s*([^"';\s]+)/i.exec(contentType);
  return match?.[1] ?? null;
}

/**
 * The label named by `<?xml ... encoding="..."?>`. The declaration is ASCII; in UTF-16/32 its
 * characters are the same bytes padded with NULs, so NULs are dropped before matching.
 */
export function sniffXmlDeclaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024).filter((byte) => byte !== 0)).toString("latin1");
  const match = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._:-]*)["']/.exec(head);
  return match?.[1] ?? null;
}

// HTML's prescan looks at 1,024 bytes; real pages put the meta after long <script> blocks too.
const META_SCAN_BYTES = 16 * 1024;

/** `<meta charset="x">` or `<meta http-equiv="Content-Type" content="...; charset=x">` of an HTML page. */
export function sniffMetaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, META_SCAN_BYTES)).toString("latin1");
  if (/^\s*<\?xml/.test(head)) return null; // an XML document says it in its declaration
  const match = /<meta\s[^>]*?charset\s*=\s*["']?\s*([A-Za-z][A-Za-z0-9._:-]*)/i.exec(head);
  return match?.[1] ?? null;
}

// "<" or XML whitespace: what a document's first character can be.
const FIRST_CHARS = new Set([0x3c, 0x20, 0x09, 0x0a, 0x0d]);

/**
 * UTF-16/32 without a byte-order mark, recognised by how the first character is padded with
 * NULs (XML 1.0 Appendix F: `3C 00 3F 00` is UTF-16LE, `00 3C 00 3F` UTF-16BE, and so on).
 */
export function sniffFamily(bytes: Uint8Array): string | null {
  const [a = -1, b = -1, c = -1, d = -1] = bytes;
  if (FIRST_CHARS.has(a) && b === 0 && c === 0 && d === 0) return "utf-32le";
  if (a === 0 && b === 0 && c === 0 && FIRST_CHARS.has(d)) return "utf-32be";
  if (FIRST_CHARS.has(a) && b === 0 && c !== 0 && d === 0) return "utf-16le";
  if (a === 0 && FIRST_CHARS.has(b) && c === 0 && d !== 0) return "utf-16be";
  return null;
}
