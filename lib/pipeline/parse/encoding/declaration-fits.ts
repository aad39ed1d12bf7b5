// Whether the bytes bear out a declared (ASCII-compatible) encoding, once they are known not
// to be valid UTF-8. A declaration the bytes contradict is overruled by the next one, or by
// the statistical guess: the publisher's label is a claim, the bytes are the evidence.
import type { DetectedEncoding } from "./detect-encoding";

// Multi-byte encodings have invalid sequences: a strict decode proves or refutes them.
const MULTI_BYTE = new Set(["shift_jis", "euc-jp", "iso-2022-jp", "euc-kr", "big5", "gbk", "gb18030"]);
const SCRIPTS: [RegExp, string][] = [
  [/^(windows-1251|koi8-[ru]|iso-8859-5|ibm866|x-mac-cyrillic)$/, "cyrillic"],
  [/^(windows-1253|iso-8859-7)$/, "greek"],
  [/^(windows-1255|iso-8859-8(-i)?)$/, "hebrew"],
  [/^(windows-1256|iso-8859-6)$/, "arabic"],
  [/^windows-874$/, "thai"],
];
// jschardet's confidence for a whole page of KOI8-R is about 0.33: "the best of weak evidence".
const MIN_CONFIDENCE = 0.2;
// In French, German or Polish text well under a third of the letters are accented; Cyrillic,
// Greek or Thai bytes read as Latin-1 are nearly all "accented" letters (ëÁË ÐÅÒÅÖÉÔØ).
const MAX_PLAUSIBLE_ACCENTED_SHARE = 0.3;
// The share is a property of the language, so a sample tells it; a 10 MB body need not be scanned.
const SAMPLE_BYTES = 64 * 1024;

export function declarationFits(body: Uint8Array, encoding: string, detect: () => DetectedEncoding | null): boolean {
  if (encoding === "utf-8") return mostlyUtf8(body);
  if (MULTI_BYTE.has(encoding)) return strictlyDecodes(body, encoding);
  // Single-byte: every byte decodes to something, so only the kind of text can contradict it.
  const guess = detect();
  if (guess === null || guess.confidence < MIN_CONFIDENCE || scriptOf(guess.encoding) === scriptOf(encoding))
    return true;
  if (MULTI_BYTE.has(guess.encoding) && !strictlyDecodes(body, guess.encoding)) return true;
  return (
    scriptOf(encoding) !== "latin" ||
    accentedShare(new TextDecoder(encoding).decode(body.subarray(0, SAMPLE_BYTES))) <= MAX_PLAUSIBLE_ACCENTED_SHARE
  );
}

function scriptOf(encoding: string): string {
  if (MULTI_BYTE.has(encoding)) return encoding;
  return SCRIPTS.find(([pattern]) => pattern.test(encoding))?.[1] ?? "latin";
}

// A publisher that says UTF-8 usually means it: one stray byte in a UTF-8 body is still UTF-8.
// If not a single multi-byte sequence decodes, though, the whole body is 8-bit legacy text.
function mostlyUtf8(body: Uint8Array): boolean {
  return /[\u0080-\uFFFC\uFFFE\uFFFF\u{10000}-\u{10FFFF}]/u.test(new TextDecoder("utf-8").decode(body));
}

function strictlyDecodes(body: Uint8Array, encoding: string): boolean {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

function accentedShare(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const accented = text.match(/[^\x00-\x7F](?<=\p{L})/gu)?.length ?? 0;
  return letters === 0 ? 0 : accented / letters;
}
