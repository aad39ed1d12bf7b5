// Bytes → string, following RFC 7303 §3: a byte-order mark wins, then the HTTP charset
// parameter, then the XML declaration's encoding, then UTF-8 (windows-1252 when the bytes
// are not valid UTF-8: the most common mislabelling in the wild).
import { replaceC1Controls } from "./replace-c1-controls";
import { readHttpCharset, sniffBom, sniffFamily, sniffXmlDeclaredEncoding } from "./sniff-encoding";

export type DecodedBody = { text: string; encoding: string };

export function decodeBody(body: Buffer, contentType: string | null): DecodedBody {
  const decoded = decodeBytes(body, contentType);
  return { ...decoded, text: replaceC1Controls(decoded.text) };
}

function decodeBytes(body: Buffer, contentType: string | null): DecodedBody {
  const bom = sniffBom(body);
  if (bom) return { text: decodeOrEmpty(body.subarray(bom.length), bom.encoding), encoding: bom.encoding };

  // The UTF-16/32 family seen in the first bytes is the fallback when the declaration's label is unknown.
  for (const declared of [readHttpCharset(contentType), sniffXmlDeclaredEncoding(body), sniffFamily(body)]) {
    if (!declared) continue;
    const encoding = canonicalEncoding(declared);
    if (!encoding) continue; // an unknown label is ignored, the next source decides
    if (encoding === "utf-8") return decodeDeclaredUtf8(body);
    return { text: decodeOrEmpty(body, encoding), encoding };
  }

  const strict = tryDecode(body, "utf-8", true);
  if (strict !== null) return { text: strict, encoding: "utf-8" };
  return { text: decodeOrEmpty(body, "windows-1252"), encoding: "windows-1252" };
}

/** The WHATWG name for a label, or null when TextDecoder (or our UTF-32 path) doesn't know it. */
export function canonicalEncoding(label: string): string | null {
  const lower = label.trim().toLowerCase();
  if (/^(utf-?32|ucs-?4)(le)?$/.test(lower)) return "utf-32le";
  if (/^(utf-?32|ucs-?4)be$/.test(lower)) return "utf-32be";
  try {
    return new TextDecoder(lower).encoding;
  } catch {
    return null;
  }
}

// A publisher that says UTF-8 usually means it. If not a single multi-byte sequence decodes,
// though, the whole document is 8-bit legacy text and windows-1252 reads it better.
function decodeDeclaredUtf8(body: Buffer): DecodedBody {
  const strict = tryDecode(body, "utf-8", true);
  if (strict !== null) return { text: strict, encoding: "utf-8" };
  const lenient = decodeOrEmpty(body, "utf-8");
  if (/[\u0080-\uFFFC\uFFFE\uFFFF\u{10000}-\u{10FFFF}]/u.test(lenient)) return { text: lenient, encoding: "utf-8" };
  return { text: decodeOrEmpty(body, "windows-1252"), encoding: "windows-1252" };
}

function decodeOrEmpty(bytes: Uint8Array, encoding: string): string {
  return tryDecode(bytes, encoding, false) ?? "";
}

function tryDecode(bytes: Uint8Array, encoding: string, fatal: boolean): string | null {
  if (encoding === "utf-32le" || encoding === "utf-32be") return decodeUtf32(bytes, encoding === "utf-32le");
  try {
    return new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

// TextDecoder has no UTF-32 (the Encoding Standard dropped it); XML 1.0 Appendix F still
// names it, so decode it by hand. Invalid code points become U+FFFD.
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  for (let offset = 0; offset + 4 <= bytes.byteLength; offset += 4) {
    const codePoint = view.getUint32(offset, littleEndian);
    const valid = codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    parts.push(String.fromCodePoint(valid ? codePoint : 0xfffd));
  }
  return parts.join("");
}
