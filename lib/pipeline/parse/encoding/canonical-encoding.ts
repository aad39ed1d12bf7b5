// One name per encoding: the WHATWG name TextDecoder reports, from whatever label a header, a
// declaration or the detector uses. UTF-32 is ours (TextDecoder dropped it, XML 1.0 still names it).

// Labels TextDecoder does not know but that publishers and jschardet use for encodings it has.
const ALIASES: Record<string, string> = {
  cp949: "euc-kr",
  "ks_c_5601-1987": "euc-kr",
  cp932: "shift_jis",
  ms932: "shift_jis",
  cp874: "windows-874",
  cp936: "gbk",
  cp950: "big5",
  big5hkscs: "big5",
  ascii: "windows-1252",
  "utf-16-be": "utf-16be",
  "utf-16-le": "utf-16le",
  "utf-8-sig": "utf-8",
};

/** The WHATWG name for a label, or null when neither TextDecoder nor our UTF-32 path knows it. */
export function canonicalEncoding(label: string): string | null {
  const lower = label
    .trim()
    .toLowerCase()
    .replace(/^iso8859-/, "iso-8859-")
    .replace(/^cp(125\d)$/, "windows-$1");
  if (/^(utf-?32|ucs-?4)(-?le)?$/.test(lower)) return "utf-32le";
  if (/^(utf-?32|ucs-?4)-?be$/.test(lower)) return "utf-32be";
  try {
    return new TextDecoder(ALIASES[lower] ?? lower).encoding;
  } catch {
    return null;
  }
}

export function isUtf16Or32(encoding: string): boolean {
  return /^utf-(16|32)/.test(encoding);
}
