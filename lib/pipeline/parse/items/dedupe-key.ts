// How the store recognises an item it has seen before. The key says which identity it relies
// on ("guid:", "url:", "hash:") so a feed that starts or stops sending guids is visible.
import { createHash } from "node:crypto";
import { collapseWhitespace, htmlToText } from "../sanitize/html-text";
import { canonicalizeUrl } from "../sanitize/resolve-url";
import { MAX_ITEM_ID_LENGTH } from "@/lib/base/text-limits";
import type { ParsedItem } from "../contract/types";

/** guid when present; else the canonical link; else a hash of title, date and content. */
export function computeDedupeKey(item: ParsedItem): string {
  if (item.guid !== null && item.guid !== "") {
    return `guid:${capItemId(item.guid)}`;
  }
  if (item.url !== null) return `url:${capItemId(canonicalizeUrl(item.url))}`;
  const date = item.publishedAt?.toISOString() ?? "";
  return `hash:${sha256([item.title, date, item.content ?? item.summary ?? ""].join("\n"))}`;
}

/**
 * An identity short enough to store and index: kept as it is up to MAX_ITEM_ID_LENGTH, else the
 * hash of the whole of it. Applying it twice changes nothing, so a GUID capped when parsed gives
 * the same key as before the cap ("guid:sha256:<hex>", as over-long GUIDs were always keyed).
 */
export function capItemId(value: string): string {
  return value.length <= MAX_ITEM_ID_LENGTH ? value : `sha256:${sha256(value)}`;
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
