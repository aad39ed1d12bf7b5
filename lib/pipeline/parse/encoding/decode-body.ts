// Bytes → string, in the order the standards give (RFC 7303 §3, XML 1.0 Appendix F, HTML's
// encoding sniffing): a byte-order mark; the NUL pattern of UTF-16/32; then the HTTP charset,
// the XML declaration or the HTML meta, each believed only when the bytes don't contradict it;
// then a statistical guess. Valid UTF-8 with any non-ASCII byte is UTF-8 whatever is declared:
// legacy text is almost never valid UTF-8 by chance, and a UTF-8 body mislabelled ISO-8859-1
// is the most common mislabelling in the wild.
import { canonicalEncoding, isUtf16Or32 } from "./canonical-encoding";
import { declarationFits } from "./declaration-fits";
import { detectEncoding, type DetectedEncoding } from "./detect-encoding";
import { replaceC1Controls } from "./replace-c1-controls";
import { readHttpCharset, sniffBom, sniffFamily, sniffMetaCharset, sniffXmlDeclaredEncoding } from "./sniff-encoding";
import type { EncodingSource } from "../contract/types";

export type DecodedBody = { text: string; encoding: string; source: EncodingSource };
export type Declaration = { encoding: string; source: "http" | "prolog" | "meta" };

export function decodeBody(body: Buffer, contentType: string | null): DecodedBody {
  const decoded = decideAndDecode(body, contentType);
  return { ...decoded, text: replaceC1Controls(decoded.text) };
}

function decideAndDecode(body: Buffer, contentType: string | null): DecodedBody {
  const bom = sniffBom(body);
  if (bom) return decodeAs(body.subarray(bom.length), bom.encoding, "bom");
  const declarations = readDeclarations(body, contentType);

  // The byte pattern cannot lie, a label can: NUL-padded characters are UTF-16/32 in the byte
  // order the pattern shows ("utf-16" alone would mean little-endian to TextDecoder).
  const pattern = sniffFamily(body);
  if (pattern) {
    const agreeing = declarations.find((declaration) => declaration.encoding.slice(0, 6) === pattern.slice(0, 6));
    return decodeAs(body, pattern, agreeing?.source ?? "pattern");
  }
  // ASCII-readable bytes contradict every UTF-16/32 label.
  const usable = declarations.filter((declaration) => !isUtf16Or32(declaration.encoding));

  const utf8 = tryDecode(body, "utf-8", true);
  if (utf8 !== null) {
    const first = usable[0];
    if (/[^\x00-\x7F]/.test(utf8))
      return { text: utf8, encoding: "utf-8", source: first?.encoding === "utf-8" ? first.source : "utf8-valid" };
    // Pure ASCII reads the same in every ASCII-compatible encoding: the declaration names it.
    return first ? decodeAs(body, first.encoding, first.source) : { text: utf8, encoding: "utf-8", source: "default" };
  }

  let guess: DetectedEncoding | null | undefined;
  const detect = () => (guess === undefined ? (guess = detectEncoding(body)) : guess);
  for (const declaration of usable) {
    if (declarationFits(body, declaration.encoding, detect))
      return decodeAs(body, declaration.encoding, declaration.source);
  }
  const detected = detect();
  if (detected && !isUtf16Or32(detected.encoding)) return decodeAs(body, detected.encoding, "detected");
  return decodeAs(body, "windows-1252", "default");
}

function readDeclarations(body: Buffer, contentType: string | null): Declaration[] {
  const labels: [string | null, Declaration["source"]][] = [
    [readHttpCharset(contentType), "http"],
    [sniffXmlDeclaredEncoding(body), "prolog"],
    [sniffMetaCharset(body), "meta"],
  ];
  const declarations: Declaration[] = [];
  for (const [label, source] of labels) {
    const encoding = label === null ? null : canonicalEncoding(label);
    if (encoding !== null) declarations.push({ encoding, source }); // an unknown label is ignored
  }
  return declarations;
}

function decodeAs(bytes: Uint8Array, encoding: string, source: EncodingSource): DecodedBody {
  return { text: tryDecode(bytes, encoding, false) ?? "", encoding, source };
}

export function tryDecode(bytes: Uint8Array, encoding: string, fatal: boolean): string | null {
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
