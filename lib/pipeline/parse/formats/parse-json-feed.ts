// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1), validated by hand: every field is
// narrowed from `unknown`, and a malformed item is skipped without costing the others.
import { finishItem, type RawItem } from "../items/finish-item";
import { collapseWhitespace, escapeHtml, htmlToText, textToHtml } from "../sanitize/html-text";
import { buildEnclosure, dedupeEnclosures } from "./read-links";
import { parseDate } from "../dates/parse-date";
import { resolveUrl } from "../sanitize/resolve-url";
import { isRecord } from "../contract/is-record";
import type { ParsedFeed, ParseFailure } from "../contract/types";
import { readJsonWebSubLinks } from "./read-websub-links";
import { gatherItems, type ItemGatherer } from "../items/gather-items";

type JsonObject = Record<string, unknown>;

/** `items`: where each finished item goes (a large feed's, in batches to the store); kept by default. */
export function parseJsonFeed(
  text: string,
  documentUrl: string | null,
  items: ItemGatherer = gatherItems(),
): { ok: true; feed: ParsedFeed } | ParseFailure {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unreadable";
    if (!text.includes("jsonfeed.org"))
      return { ok: false, errorKind: "not_a_feed", detail: "the body is neither XML nor a JSON Feed" };
    return { ok: false, errorKind: "parse", detail: `invalid JSON Feed: ${reason}` };
  }
  if (!isRecord(document) || !readString(document, "version")?.includes("jsonfeed.org")) {
    return { ok: false, errorKind: "not_a_feed", detail: "JSON without a jsonfeed.org version: not a JSON Feed" };
  }
  const base = resolveUrl(readString(document, "feed_url"), documentUrl) ?? documentUrl;
  const feedAuthor = readAuthorName(document);
  const entries: unknown[] = Array.isArray(document.items) ? document.items : [];
  // Entries that are not objects are not items; skipping them costs the others nothing.
  for (const entry of entries) if (isRecord(entry)) items.add(finishItem(readJsonItem(entry, base, feedAuthor)));
  return {
    ok: true,
    feed: {
      kind: "json",
      title: plainText(readString(document, "title")) || null,
      siteUrl: resolveUrl(readString(document, "home_page_url"), base),
      // JSON Feed 1.1: favicon is the small one, icon 512 px; a site's icon wants the first.
      iconUrl: resolveUrl(readString(document, "favicon"), base) ?? resolveUrl(readString(document, "icon"), base),
      ttlSeconds: null,
      items: items.kept(),
      websub: readJsonWebSubLinks(document.hubs, readString(document, "feed_url"), documentUrl),
    },
  };
}

function readJsonItem(item: JsonObject, base: string | null, feedAuthor: string | null): RawItem {
  const id = item.id;
  const html = readString(item, "content_html");
  const text = readString(item, "content_text");
  const summary = readString(item, "summary");
  return {
    guid: typeof id === "string" || typeof id === "number" ? String(id).trim() || null : null,
    url: resolveUrl(readString(item, "url"), base) ?? resolveUrl(readString(item, "external_url"), base),
    title: plainText(readString(item, "title")),
    author: readAuthorName(item) ?? feedAuthor,
    content: html !== null ? { html, base } : text !== null ? { html: textToHtml(text), base } : null,
    summary: summary !== null ? { html: escapeHtml(summary), base } : null,
    publishedAt: parseDate(readString(item, "date_published")) ?? parseDate(readString(item, "date_modified")),
    enclosures: dedupeEnclosures(readAttachments(item.attachments, base)),
  };
}

// 1.1 has authors[], 1.0 a single author.
function readAuthorName(object: JsonObject): string | null {
  const authors = Array.isArray(object.authors) ? object.authors : [object.author];
  for (const author of authors) {
    const name = isRecord(author) ? collapseWhitespace(readString(author, "name") ?? "") : "";
    if (name !== "") return name;
  }
  return null;
}

function readAttachments(raw: unknown, base: string | null) {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).flatMap((attachment) => {
    const size = attachment.size_in_bytes;
    const length = typeof size === "number" && Number.isInteger(size) && size >= 0 ? size : null;
    const enclosure = buildEnclosure(readString(attachment, "url"), base, readString(attachment, "mime_type"), length);
    return enclosure ? [enclosure] : [];
  });
}

function readString(object: JsonObject, key: string): string | null {
  const value = object[key];
  return typeof value === "string" ? value : null;
}

// JSON Feed titles are plain text by spec, but entity-escaped titles are common in the wild.
function plainText(value: string | null): string {
  return value === null ? "" : htmlToText(value);
}
