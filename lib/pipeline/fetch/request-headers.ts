// The request header set, complete: nothing else is ever sent (no Cookie, no Referer).

// Feed types first; generic XML/JSON slightly lower (many feeds are served as text/xml or
// application/json); anything else last, so a text/plain feed still comes back (RFC 9110 §12.5.1).
export const ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

// An article's page: HTML first, XHTML too (RFC 9110 §12.5.1).
export const PAGE_ACCEPT = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1";

// A site's icon: the formats lib/parse/icons/read-icon.ts keeps.
export const ICON_ACCEPT = "image/png, image/svg+xml, image/x-icon, image/gif, image/jpeg, image/webp, image/*;q=0.8";

// Only codings read-body.ts can decode (RFC 9110 §12.5.3); no zstd: Node 20's zlib lacks it.
export const ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * Validators go back byte for byte as the server sent them (RFC 9110 §13.1.1–13.1.3): quotes and W/
 * kept, and If-Modified-Since is the server's own Last-Modified, never a date of ours (§13.1.3 asks
 * for a server-provided date). Empty strings count as "not stored".
 */
export function buildRequestHeaders(input: {
  userAgent: string;
  etag: string | null;
  lastModified: string | null;
  /** What the caller can read: feeds (ACCEPT) unless it asks for a page or an image. */
  accept?: string;
}): {
  headers: Record<string, string>;
  conditional: boolean;
} {
  const headers: Record<string, string> = {
    "User-Agent": input.userAgent,
    Accept: input.accept ?? ACCEPT,
    "Accept-Encoding": ACCEPT_ENCODING,
  };
  if (input.etag) headers["If-None-Match"] = input.etag;
  if (input.lastModified) headers["If-Modified-Since"] = input.lastModified;
  return { headers, conditional: Boolean(input.etag) || Boolean(input.lastModified) };
}
