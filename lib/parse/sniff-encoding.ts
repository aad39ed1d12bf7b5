// The three places a document's encoding can be read from, before we know how to decode it.

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
 * The encoding named by `<?xml ... encoding="..."?>`. XML 1.0 Appendix F: the first four
 * bytes tell which family to read the declaration in (UTF-16/32 without a mark still begin
 * with "<?" in their own code units).
 */
export function sniffXmlDeclaredEncoding(bytes: Uint8Array): string | null {
  const family = sniffFamily(bytes);
  // The declaration is ASCII; in UTF-16/32 its characters are the same bytes padded with NULs.
  const head = Buffer.from(bytes.subarray(0, 1024).filter((byte) => byte !== 0)).toString("latin1");
  const match = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._:-]*)["']/.exec(head);
  const declared = match?.[1] ?? null;
  // The byte pattern cannot lie, a declaration can: readable as ASCII means not UTF-16/32,
  // and NUL-padded characters mean nothing but UTF-16/32.
  if (declared && (family === null) === /^(utf-?16|utf-?32|ucs)/i.test(declared)) return null;
  return declared;
}

/** UTF-16/32 without a byte-order mark, recognised by how the leading "<" is encoded; else null. */
export function sniffFamily(bytes: Uint8Array): string | null {
  const [a, b, c, d] = bytes;
  if (a === 0x3c && b === 0x00 && c === 0x00 && d === 0x00) return "utf-32le";
  if (a === 0x00 && b === 0x00 && c === 0x00 && d === 0x3c) return "utf-32be";
  if (a === 0x3c && b === 0x00 && c !== 0x00 && d === 0x00) return "utf-16le";
  if (a === 0x00 && b === 0x3c && c === 0x00 && d !== 0x00) return "utf-16be";
  return null;
}
