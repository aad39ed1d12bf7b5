// Feed HTML is hostile input that we render inside our own origin. Allowlist only
// (html-allowlist.ts): what is not named there is dropped. One pass: htmlparser2's events
// (its tokenizer reads raw text, comments and foreign content as browsers do) are checked
// against the allowlist and written straight out, so the output is rebuilt from scratch, never
// passed through: every attribute quoted and escaped, every text escaped, no comment, no CDATA,
// no element a browser parses as raw text or foreign content (but an empty iframe). What a
// browser reads back is what the allowlist let through, whatever the input tried.
import { Parser } from "htmlparser2";
import { ALLOWED_ELEMENTS, DROP_WITH_CONTENT, MAX_NESTING, VOID_ELEMENTS } from "./html-allowlist";
import { keepAttributes } from "./keep-attributes";

// Nested iframe fallbacks are sanitized one level each; deeper ones lose their text.
const MAX_IFRAME_DEPTH = 4;
// Text with no tag and no character reference (most summaries, many descriptions): the parser
// would only escape its ">", so that is done here without one (same output, a tenth of the cost).
const MARKUP = /[<&]/;

export function sanitizeContent(html: string, baseUrl: string): string {
  if (!MARKUP.test(html)) return html.replace(/>/g, "&gt;").trim();
  return sanitizeFragment(html, baseUrl, 0).trim();
}

type Frame = {
  tag: string;
  // Not allowed: neither its start nor its end tag is written (its content may be).
  dropped: boolean;
  // Where its start tag is in the output, to take it (or it and all it holds) back at its end.
  at: number;
  attribs: Record<string, string>;
};

function sanitizeFragment(html: string, baseUrl: string, depth: number): string {
  const out: string[] = [];
  const open: Frame[] = [];
  // Inside an element dropped with its content: how many elements deep.
  let skipDepth = 0;
  // Whether the iframe being read is kept (an allowed player): its fallback is never shown then.
  let iframeKept = false;
  const handler = {
    onopentag(tag: string, attribs: Record<string, string>) {
      if (open.length + skipDepth >= MAX_NESTING) {
        parser.pause();
        return;
      }
      if (skipDepth > 0) {
        skipDepth++;
        return;
      }
      const dropped = !ALLOWED_ELEMENTS.has(tag);
      const frame: Frame = { tag, dropped, at: out.length, attribs };
      open.push(frame);
      if (dropped) {
        if (DROP_WITH_CONTENT.has(tag)) skipDepth = 1;
        return;
      }
      frame.attribs = keepAttributes(tag, attribs, baseUrl);
      if (tag === "iframe") iframeKept = frame.attribs.src !== undefined;
      out.push(`<${tag}${writeAttributes(frame.attribs)}${VOID_ELEMENTS.has(tag) ? " />" : ">"}`);
    },
    ontext(text: string) {
      if (skipDepth > 0) return;
      // An iframe's content is raw text to the parser, but it is the fallback HTML a reader
      // without frames sees: when the frame goes, its fallback is sanitized as HTML like the rest.
      if (open.at(-1)?.tag === "iframe") {
        if (!iframeKept && depth < MAX_IFRAME_DEPTH) out.push(sanitizeFragment(text, baseUrl, depth + 1));
        return;
      }
      out.push(escapeText(text));
    },
    onclosetag(tag: string) {
      if (skipDepth > 0 && --skipDepth > 0) return;
      const frame = open.at(-1);
      // An end tag that closes nothing open here (bad markup) is ignored.
      if (frame?.tag !== tag) return;
      open.pop();
      if (frame.dropped) return;
      if (isUnwanted(frame)) {
        out.length = frame.at;
        return;
      }
      // An iframe that is not an allowed player goes; its fallback (already written) stays.
      if (tag === "iframe" && frame.attribs.src === undefined) {
        out[frame.at] = "";
        return;
      }
      if (!VOID_ELEMENTS.has(tag)) out.push(`</${tag}>`);
    },
  };
  const parser = new Parser(handler, { decodeEntities: true });
  parser.end(html);
  // Stopped at MAX_NESTING: the parser closes nothing then, so what is open is closed here.
  skipDepth = 0;
  for (let frame = open.at(-1); frame !== undefined; frame = open.at(-1)) handler.onclosetag(frame.tag);
  return out.join("");
}

function writeAttributes(attribs: Record<string, string>): string {
  let written = "";
  for (const name in attribs) {
    const value = attribs[name] ?? "";
    // An empty value is written bare (the same to a browser), but alt="" as it is customary.
    written += value !== "" ? ` ${name}="${escapeAttribute(value)}"` : name === "alt" ? ' alt=""' : ` ${name}`;
  }
  return written;
}

// An image with nothing to show (no source we keep, no alt text to show in its place), or one
// that exists to report that the item was read.
function isUnwanted({ tag, attribs }: Frame): boolean {
  if (tag !== "img") return false;
  if (attribs.src === undefined && attribs.srcset === undefined) return !attribs.alt;
  return isTrackingPixel(attribs.width, attribs.height);
}

// 1×1 and 0×0 images.
function isTrackingPixel(width: string | undefined, height: string | undefined): boolean {
  const size = (value: string | undefined) => (value === undefined ? Number.NaN : Number.parseFloat(value));
  return size(width) <= 1 && size(height) <= 1;
}

const TEXT_SPECIAL = /[&<>]/;
const ATTRIBUTE_SPECIAL = /[&<>"]/;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeOne = (ch: string) => ESCAPES[ch] ?? ch;

// Decoded text written back: no character can start a tag or a reference.
function escapeText(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(/[&<>]/g, escapeOne) : text;
}

// Always double-quoted, so only '"' can end the value; '<' and '>' too, so no end tag or
// comment close can be read in it by a parser that is not looking for attributes.
function escapeAttribute(value: string): string {
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(/[&<>"]/g, escapeOne) : value;
}
