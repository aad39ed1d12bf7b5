// A page's HTML → a DOM to extract from, bounded. What never holds article text (scripts, styles,
// inline SVG, templates, comments) is cut out before the DOM is built: on real pages that is often
// most of the bytes, and every node costs memory. What is left is cut at MAX_DOM_CHARS, so that a
// 10 MB page (TIDINGS_MAX_BODY_BYTES) costs a bounded DOM: articles come early in their pages.
import { parseHTML } from "linkedom";
import { cutUnlikelyRegions } from "./cut-unlikely-regions";

export const MAX_DOM_CHARS = 1_000_000;

const NEVER_TEXT_START = /<(script|style|svg|template)\b|<!--/gi;

/**
 * `unlikelyCut`: also without the regions Readability's first pass removes (cut-unlikely-regions.ts),
 * for Readability only: a source's selector may pick anything on the page.
 */
export function parsePageDocument(html: string, url: string, options: { unlikelyCut?: boolean } = {}): Document {
  const neverText = cutNeverText(html);
  const slim = options.unlikelyCut ? cutUnlikelyRegions(neverText) : neverText;
  // linkedom builds a whole document only from a whole page: a fragment gets its frame here.
  const { document } = parseHTML(
    /<html[\s>]/i.test(slim) ? slim : `<!doctype html><html><head></head><body>${slim}</body></html>`,
  );
  // Readability resolves relative links against the document's base: the page's own URL, unless
  // the page names another with <base href>.
  if (document.querySelector("base[href]") === null && document.head) {
    const base = document.createElement("base");
    base.setAttribute("href", url);
    document.head.prepend(base);
  }
  return document as unknown as Document;
}

/**
 * The page without what never holds text, at most MAX_DOM_CHARS long. One pass with indexOf (a
 * lazy regex over an unclosed <script> would rescan the rest of the page for each one): an element
 * never closed runs to the end of the page, as it does in a browser.
 */
function cutNeverText(html: string): string {
  const lower = html.toLowerCase();
  const kept: string[] = [];
  let length = 0;
  let at = 0;
  NEVER_TEXT_START.lastIndex = 0;
  while (at < html.length && length < MAX_DOM_CHARS) {
    NEVER_TEXT_START.lastIndex = at;
    const found = NEVER_TEXT_START.exec(html);
    const start = found?.index ?? html.length;
    kept.push(html.slice(at, start));
    length += start - at;
    if (found === null) break;
    const close = found[1] ? `</${found[1].toLowerCase()}` : "-->";
    const end = lower.indexOf(close, start + found[0].length);
    if (end < 0) break;
    const after = found[1] ? lower.indexOf(">", end) : end + 2;
    at = after < 0 ? html.length : after + 1;
  }
  return kept.join("").slice(0, MAX_DOM_CHARS);
}

/** Null when `selector` is a CSS selector the extractor can use, else why not (for the forms). */
export function checkSelector(selector: string): string | null {
  try {
    parseHTML("<p></p>").document.querySelectorAll(selector);
    return null;
  } catch {
    return `"${selector}" is not a CSS selector Tidings can use`;
  }
}
