// How the store recognises an item it has seen before. The key says which identity it relies
// on ("guid:", "url:", "hash:") so a feed that starts or stops sending guids is visible.
import { createHash } from "node:crypto";
import { collapseWhitespace, htmlToText } from "../sanitize/html-text";
import { canonicalizeUrl } from "../sanitize/resolve-url";
import type { ParsedItem } from "../contract/types";

// Beyond this a guid is hashed, keeping keys indexable (PostgreSQL btree rows are ~2.7 kB max).
const MAX_GUID_LENGTH = 512;

/** guid when present; else the canonical link; else a hash of title, date and content. */
export function computeDedupeKey(item: ParsedItem): string {
  if (item.guid !== null && item.guid !== "") {
    return item.guid.length <= MAX_GUID_LENGTH ? `guid:${item.guid}` : `guid:sha256:${sha256(item.guid)}`;
  }
  if (item.url !== null) return `url:${canonicalizeUrl(item.url)}`;
  const date = item.publishedAt?.toISOString() ?? "";
  return `hash:${sha256([item.title, date, item.content ?? item.summary ?? ""].join("\n"))}`;
}

/**
 * Fingerprint of what a reader sees: title, text (not markup, so a rotated tracking parameter
 * in an <img> doesn't count as an edit) and link. Same hash under a new guid = same article.
 */
export function computeContentHash(item: ParsedItem): string {
  const text = htmlToText(item.content ?? item.summary ?? "");
  const url = item.url === null ? "" : canonicalizeUrl(item.url);
  return sha256([collapseWhitespace(item.title), text, url].join("\n"));
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
