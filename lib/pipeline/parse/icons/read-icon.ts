// An answer for an icon → the image to keep, or why not. The bytes decide what it is, not the
// Content-Type (servers send icons as text/plain or application/octet-stream, and soft-404 pages
// as image/png): only the formats a browser shows as an <img> are kept, SVG after sanitizing.
// Pure.
import { sanitizeSvg } from "./sanitize-svg";

export type IconImage = { contentType: string; data: Buffer };
export type IconReading = { ok: true; image: IconImage } | { ok: false; detail: string };

const SIGNATURES: { type: string; matches: (bytes: Buffer) => boolean }[] = [
  { type: "image/png", matches: (b) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")) },
  { type: "image/gif", matches: (b) => b.subarray(0, 4).toString("latin1") === "GIF8" },
  { type: "image/jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  // ICO and CUR: reserved 0, type 1 or 2, at least one image.
  {
    type: "image/x-icon",
    matches: (b) =>
      b.length > 6 && b.readUInt16LE(0) === 0 && [1, 2].includes(b.readUInt16LE(2)) && b.readUInt16LE(4) > 0,
  },
  {
    type: "image/webp",
    matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

export function readIcon(body: Buffer): IconReading {
  if (body.length === 0) return { ok: false, detail: "an empty body, not an image" };
  const known = SIGNATURES.find((signature) => signature.matches(body));
  if (known) return { ok: true, image: { contentType: known.type, data: body } };
  const text = body.toString("utf8");
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    const svg = sanitizeSvg(text);
    return svg === null
      ? { ok: false, detail: "an SVG Tidings could not make safe" }
      : { ok: true, image: { contentType: "image/svg+xml", data: Buffer.from(svg) } };
  }
  return { ok: false, detail: `not an image (${describeStart(text)})` };
}

function describeStart(text: string): string {
  const start = text.trimStart().slice(0, 20).replace(/\s+/g, " ");
  return /^</.test(start) ? `it begins “${start}…”` : "unknown bytes";
}
