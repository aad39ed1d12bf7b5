// How the fetch log says what decided a body's encoding, for a person reading it.
import type { EncodingSource } from "@/lib/pipeline/parse/contract/types";

const SOURCE_LABELS: Record<EncodingSource, string> = {
  bom: "byte-order mark",
  pattern: "UTF-16/32 byte pattern",
  "utf8-valid": "valid UTF-8, whatever was declared",
  http: "HTTP charset",
  prolog: "XML declaration",
  meta: "HTML meta charset",
  detected: "detected from the bytes (nothing usable declared)",
  default: "default (ASCII, nothing declared)",
};

/** "koi8-r" with its reason as a tooltip; null for fetches that parsed nothing. */
export function describeEncoding(row: {
  encoding: string | null;
  encodingSource: string | null;
}): { text: string; title: string } | null {
  if (row.encoding === null) return null;
  const label =
    row.encodingSource !== null && row.encodingSource in SOURCE_LABELS
      ? SOURCE_LABELS[row.encodingSource as EncodingSource]
      : "unknown";
  return { text: row.encoding, title: `decided by: ${label}` };
}
