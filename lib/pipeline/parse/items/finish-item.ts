// The common last step for RSS, Atom and JSON Feed items: sanitize the HTML and derive a
// summary when the feed gave only one text. No item is dropped here, however bare: the parse
// step reports what the feed lists; whether a blank item is worth showing is for the UI.
import { escapeHtml, htmlToText, stripControlChars } from "../sanitize/html-text";
import { sanitizeContent } from "../sanitize/sanitize-content";
import type { Enclosure, ParsedItem } from "../contract/types";

/** HTML as found in the feed, with the base its relative URLs resolve against. */
export type HtmlSource = { html: string; base: string | null };

export type RawItem = {
  guid: string | null;
  url: string | null;
  title: string;
  author: string | null;
  content: HtmlSource | null;
  summary: HtmlSource | null;
  publishedAt: Date | null;
  enclosures: Enclosure[];
};

const SNIPPET_LENGTH = 280;

export function finishItem(raw: RawItem): ParsedItem {
  const content = sanitizeSource(raw.content);
  const summary = sanitizeSource(raw.summary) ?? (content === null ? null : makeSnippet(content));
  return {
    guid: raw.guid === null ? null : stripControlChars(raw.guid).trim() || null,
    url: raw.url,
    title: raw.title,
    author: raw.author || null,
    summary,
    content,
    publishedAt: raw.publishedAt,
    enclosures: raw.enclosures,
  };
}

function sanitizeSource(source: HtmlSource | null): string | null {
  if (source === null || source.html.trim() === "") return null;
  const sanitized = sanitizeContent(stripControlChars(source.html), source.base ?? "");
  return sanitized === "" ? null : sanitized;
}

// The "contentSnippet" idea (from rss-parser): the opening words as plain text, for list views.
function makeSnippet(html: string): string | null {
  const text = htmlToText(html);
  if (text === "") return null;
  if (text.length <= SNIPPET_LENGTH) return escapeHtml(text);
  const cut = text.slice(0, SNIPPET_LENGTH).replace(/[\uD800-\uDBFF]$/, ""); // never half a surrogate pair
  const lastSpace = cut.lastIndexOf(" ");
  return `${escapeHtml(cut.slice(0, lastSpace > SNIPPET_LENGTH / 2 ? lastSpace : SNIPPET_LENGTH))}…`;
}
