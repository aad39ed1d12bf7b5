// The response headers the rest of the pipeline needs, raw. Raw matters: an ETag must go back byte
// for byte, and Retry-After / Expires are interpreted by the policy, not here.
import type { ResponseMeta } from "./types";

type RawHeaders = Record<string, string | string[] | undefined>;

export function pickHeaders(headers: RawHeaders): ResponseMeta["headers"] {
  return {
    etag: first(headers.etag),
    lastModified: first(headers["last-modified"]),
    cacheControl: joined(headers["cache-control"]),
    expires: first(headers.expires),
    retryAfter: first(headers["retry-after"]),
    contentType: first(headers["content-type"]),
    contentEncoding: joined(headers["content-encoding"]),
    date: first(headers.date),
    contentLocation: first(headers["content-location"]),
    link: joined(headers.link),
  };
}

export const NO_HEADERS: ResponseMeta["headers"] = pickHeaders({});

/** Singleton fields: a repeated one is a server bug; the first line wins. */
function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** List fields may be split over several lines and mean the same joined by commas (RFC 9110 §5.3). */
function joined(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value.join(", ") : value) ?? null;
}
