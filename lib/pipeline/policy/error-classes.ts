import { NETWORK_ERROR_KINDS, type ErrorKind } from "@/lib/pipeline/fetch/types";

/**
 * How the policy treats each error kind.
 * - transient: the next try may well work (transport failures, 5xx). Quick exponential backoff
 *   starting at 2 min.
 * - ours: this installation failed (its database could not store the fetch): not the publisher's
 *   doing, so never counted toward its backoff or breaker; retried soon.
 * - configuration: the feed or its URL is wrong for now (404, other 4xx, redirect loop, blocked
 *   address). Retrying in 2 min cannot help and would poll more
 *   often than a healthy feed, so the backoff never goes below the floor. Still not terminal:
 *   feeds come back after a botched deploy, so these count toward the breaker, which keeps
 *   probing at most daily.
 * - content: the server answered, but the body is refused (too large, unparsable or entity-declaring,
 *   not a feed). Its own backoff, from the floor doubling to the maximum interval, without the
 *   breaker: the publisher is up, and the refused body's validators make each retry a header
 *   exchange (lib/pipeline/round/attempt-fetch.ts), so the doubling alone bounds what it costs.
 * - rate_limited: the publisher asked us to wait; honoured, never counted toward the breaker.
 * - gone: 410, the publisher's explicit "removed": the source is disabled.
 */
export type ErrorClass = "transient" | "ours" | "configuration" | "content" | "rate_limited" | "gone";

const CLASS_BY_KIND: Record<ErrorKind, ErrorClass> = {
  timeout: "transient",
  dns: "transient",
  connect: "transient",
  tls: "transient",
  network: "transient",
  http_5xx: "transient",
  database: "ours",
  http_4xx: "configuration",
  not_found: "configuration",
  too_large: "content",
  redirect_loop: "configuration",
  blocked: "configuration",
  not_a_feed: "content",
  parse: "content",
  rate_limited: "rate_limited",
  gone: "gone",
};

/** An error outcome without a kind is a bug upstream; treat it as transient rather than throw. */
export function classifyError(kind: ErrorKind | null): ErrorClass {
  return kind === null ? "transient" : CLASS_BY_KIND[kind];
}

/** Transport-level kinds, the only ones the offline guard may excuse. */
export function isNetworkError(kind: ErrorKind | null): boolean {
  return kind !== null && NETWORK_ERROR_KINDS.has(kind);
}

/** "HTTP 503" when there was a response, else the kind ("timeout"): what the reason shows. */
export function describeError(kind: ErrorKind | null, httpStatus: number | null): string {
  if (httpStatus !== null) return `HTTP ${httpStatus}`;
  return kind ?? "unknown error";
}
