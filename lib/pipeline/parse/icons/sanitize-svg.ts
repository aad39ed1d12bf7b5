// An SVG icon, rebuilt from an allowlist: shapes, paths, gradients and text survive; scripts,
// foreignObject, event handlers, external references (href outside the document, url() in styles)
// and entities do not. Served besides with a CSP that forbids scripts (app/icons), and shown in
// <img>, where a browser runs none: the allowlist is the first of three locks. Pure.
import { Parser } from "htmlparser2";

const ELEMENTS = new Set([
  "svg",
  "g",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "defs",
  "lineargradient",
  "radialgradient",
  "stop",
  "clippath",
  "mask",
  "symbol",
  "use",
  "title",
  "desc",
  "text",
  "tspan",
  "pattern",
]);
// Links and switches hold ordinary shapes: the element goes, what it holds stays.
const TRANSPARENT = new Set(["a", "switch"]);
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

/** The sanitized SVG, or null when nothing of an <svg> root is left. */
export function sanitizeSvg(source: string): string | null {
  const out: string[] = [];
  // Per open element: written, dropped with its content, or left out around its content.
  const open: ("kept" | "dropped" | "unwrapped")[] = [];
  let skipping = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (skipping === 0 && TRANSPARENT.has(tag)) {
          open.push("unwrapped");
          return;
        }
        const kept = skipping === 0 && ELEMENTS.has(tag) && open.length < MAX_DEPTH && elements < MAX_ELEMENTS;
        if (!kept) {
          skipping += 1;
          open.push("dropped");
          return;
        }
        elements += 1;
        open.push("kept");
        out.push(`<${name}${writeAttributes(attributes, tag === "svg" && open.length === 1)}>`);
      },
      ontext(text) {
        // Text outside the root (the prolog's line breaks) is no part of the image.
        if (skipping === 0 && open.length > 0) out.push(escapeXml(text));
      },
      onclosetag(name) {
        const frame = open.pop();
        if (frame === "kept") out.push(`</${name}>`);
        else if (frame === "dropped") skipping -= 1;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(source);
  const svg = out.join("");
  return svg.startsWith("<svg") ? svg : null;
}

function writeAttributes(attributes: Record<string, string>, root: boolean): string {
  const kept = Object.entries(attributes).filter(([name, value]) => keepAttribute(name.toLowerCase(), value));
  // The root must say it is SVG, or a browser shows nothing.
  if (root && !kept.some(([name]) => name === "xmlns")) kept.push(["xmlns", "http://www.w3.org/2000/svg"]);
  return kept.map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join("");
}

function keepAttribute(name: string, value: string): boolean {
  if (name.startsWith("on")) return false;
  if (name === "href" || name === "xlink:href") return value.trim().startsWith("#");
  if (name === "style" || /(fill|stroke|filter|clip-path|mask|marker)/.test(name))
    return !/url\s*\(\s*['"]?\s*(?!#)|expression|@import|javascript:/i.test(value);
  return /^[a-z][a-z0-9:_.-]*$/.test(name);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
