// The statistical guess, for a body that declares nothing usable. jschardet 4 (a port of
// Python's chardet 7) was chosen over `chardet` (ICU's detector): on our fixtures it named
// KOI8-R, TIS-620 and windows-1255 correctly where ICU's guessed ISO-8859-1.
import { detect } from "jschardet";
import { canonicalEncoding } from "./canonical-encoding";

// Enough text for a confident guess, and a bound on the time a 10 MB feed can cost.
const SAMPLE_BYTES = 64 * 1024;

export type DetectedEncoding = { encoding: string; confidence: number };

export function detectEncoding(bytes: Uint8Array): DetectedEncoding | null {
  // jschardet believes a markup declaration when it sees one; we only ask it when the
  // declaration is missing or failed, so it must judge the bytes alone.
  const sample = withoutDeclaration(bytes.subarray(0, SAMPLE_BYTES));
  const guess = detect(sample);
  if (!guess.encoding) return null;
  const encoding = canonicalEncoding(guess.encoding);
  return encoding === null ? null : { encoding, confidence: guess.confidence };
}

function withoutDeclaration(bytes: Uint8Array): Uint8Array {
  const head = Buffer.from(bytes.subarray(0, 512)).toString("latin1");
  const declaration = /^\s*<\?xml[^>]*\?>/.exec(head);
  const meta = declaration ? null : /<meta\s[^>]*?charset[^>]*>/i.exec(head);
  if (declaration) return bytes.subarray(declaration[0].length);
  if (!meta) return bytes;
  const copy = Uint8Array.from(bytes);
  copy.fill(0x20, meta.index, meta.index + meta[0].length);
  return copy;
}
