// The documented lengths of the short texts Tidings stores and shows on every page: a feed's or a
// source's title, an article's title, an author, a folder name (a Google Reader label). One feed
// with a 1 MB title made /api/sidebar answer 1 MB per call and the reader's page 6 MB. What a feed
// sends is cut to these lengths when parsed (lib/parse/cap-feed-texts.ts); what a person or an app
// types is refused beyond them with a message (the forms, the Google Reader API), or cut where a
// file is imported (OPML). Generous for real titles: the longest in feedparser's corpus is under 200.
export const MAX_SOURCE_TITLE_LENGTH = 200;
export const MAX_ARTICLE_TITLE_LENGTH = 500;
export const MAX_AUTHOR_LENGTH = 200;
export const MAX_FOLDER_NAME_LENGTH = 100;

/**
 * An item's identity as stored and indexed: a GUID (or any value a dedupe key is made of) beyond
 * this is kept as "sha256:<hex>" of the whole value (lib/pipeline/parse/items/dedupe-key.ts), so
 * the same item keeps the same key on every fetch and the unique index stays indexable
 * (PostgreSQL's btree rows are at most about 2.7 kB).
 */
export const MAX_ITEM_ID_LENGTH = 512;

/**
 * An item's link. Longer than common servers accept in a request line (nginx's and Apache's
 * defaults are 8 kB: a longer link is answered 414), so a link beyond it could not be followed
 * anyway; its #fragment, which never reaches the server, is dropped first.
 */
export const MAX_ITEM_URL_LENGTH = 8192;

/**
 * `text` cut to at most `max` UTF-16 units, ellipsis included, at a character boundary: never half
 * a surrogate pair, and combining marks go with the letter they follow. Trailing space before the
 * ellipsis is dropped.
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (isLowSurrogate(text.charCodeAt(end)) && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  while (end > 0 && isCombiningMark(text.codePointAt(end) ?? 0)) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const COMBINING = /^[\p{M}\u200D\uFE0F]$/u;
const isCombiningMark = (codePoint: number) => COMBINING.test(String.fromCodePoint(codePoint));
