// The checks an OPML xmlUrl must pass before it may become a source, as a reason when it fails.
import { MAX_URL_LENGTH } from "@/lib/pipeline/parse/opml/limits";

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export function normalizeFeedUrl(raw: string): UrlCheck {
  const trimmed = raw.trim();
  if (trimmed === "") return { ok: false, reason: "no xmlUrl: neither a feed nor a folder" };
  if (trimmed.length > MAX_URL_LENGTH)
    return { ok: false, reason: `xmlUrl is ${trimmed.length} characters long (limit ${MAX_URL_LENGTH})` };
  if (!URL.canParse(trimmed)) return { ok: false, reason: "xmlUrl is not a valid URL" };
  const url = new URL(trimmed);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: `xmlUrl uses ${url.protocol} (only http and https feeds can be followed)` };
  if (url.username !== "" || url.password !== "")
    return { ok: false, reason: "xmlUrl contains credentials (user:password@)" };
  if (url.href.length > MAX_URL_LENGTH)
    return { ok: false, reason: `xmlUrl is ${url.href.length} characters long (limit ${MAX_URL_LENGTH})` };
  return { ok: true, url: url.href };
}
