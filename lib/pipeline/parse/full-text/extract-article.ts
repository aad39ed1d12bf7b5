// A page → its article, sanitized. Mozilla's Readability (Firefox's Reader View) on linkedom's DOM:
// see scripts/bench/full-text-compare.ts for why this pair and not another. A source's CSS
// selector, when it has one, picks the article instead (FreshRSS's per-feed article selector).
// Pure: no I/O, no clock; the page is the only input.
import { Readability } from "@mozilla/readability";
import { sanitizeContent } from "../sanitize/sanitize-content";
import { htmlToText } from "../sanitize/html-text";
import { recoverLazyImages } from "./recover-lazy-images";
import { parsePageDocument } from "./parse-page-document";

export type Extraction =
  { ok: true; html: string; by: "readability" | "selector" } | { ok: false; errorKind: "no_article"; detail: string };

/** Below this much text outside links, what was found is a page's chrome (menus, teasers), not an article. */
const MIN_ARTICLE_CHARS = 80;
// The sanitizer writes every <a> closed and never nested, so this finds exactly its links.
const LINK = /<a\b[^>]*>[\s\S]*?<\/a>/g;

export type ExtractionInput = { html: string; url: string; selector: string | null };

export function extractArticle(input: ExtractionInput): Extraction {
  const picked = input.selector
    ? pickBySelector(readyDocument(input, false), input.selector)
    : pickByReadability(input);
  if (!picked.ok) return picked;
  const html = sanitizeContent(picked.html, input.url);
  const length = htmlToText(html.replace(LINK, "")).trim().length;
  if (length < MIN_ARTICLE_CHARS)
    return {
      ok: false,
      errorKind: "no_article",
      detail: `no article found on the page (${length} characters of text)`,
    };
  return { ok: true, html, by: picked.by };
}

type Picked = { ok: true; html: string; by: "readability" | "selector" } | Extract<Extraction, { ok: false }>;

function readyDocument(input: ExtractionInput, unlikelyCut: boolean): Document {
  const document = parsePageDocument(input.html, input.url, { unlikelyCut });
  recoverLazyImages(document);
  return document;
}

/**
 * Readability on the page without its unlikely regions (cut-unlikely-regions.ts), which is what its
 * first pass reads. When that pass finds too little, its next passes put those regions back: they
 * run on the whole page then, so the article is the one Readability finds on the whole page.
 */
function pickByReadability(input: ExtractionInput): Picked {
  let article = readArticle(readyDocument(input, true));
  if (!article.firstPass) article = readArticle(readyDocument(input, false));
  const { content } = article;
  if (!content) return { ok: false, errorKind: "no_article", detail: "no article found on the page" };
  return { ok: true, html: content, by: "readability" };
}

function readArticle(document: Document): { content: string | null; firstPass: boolean } {
  // keepClasses off: the page's class names mean nothing in Tidings' styles.
  const reader = new Readability(document, { keepClasses: false });
  const article = reader.parse();
  // Readability 0.6 keeps each pass that found too little in `_attempts`: none, the first pass won.
  // If a later version names it otherwise, every page is read whole again: slower, never different.
  const attempts = (reader as unknown as { _attempts?: unknown })._attempts;
  return { content: article?.content ?? null, firstPass: Array.isArray(attempts) && attempts.length === 0 };
}

function pickBySelector(document: Document, selector: string): Picked {
  const matches = Array.from(document.querySelectorAll(selector));
  if (matches.length === 0)
    return { ok: false, errorKind: "no_article", detail: `the selector "${selector}" matched nothing on the page` };
  return { ok: true, html: matches.map((element) => element.outerHTML).join("\n"), by: "selector" };
}
