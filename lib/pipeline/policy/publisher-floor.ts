import { parseMaxAge } from "./cache-control";
import { parseHttpDate } from "./parse-http-date";
import type { Observation } from "./types";

export type PublisherFloorSource = "max-age" | "Expires" | "ttl";
export type PublisherFloor = { seconds: number; source: PublisherFloorSource };

type FloorHeaders = Pick<Observation, "cacheControl" | "expires" | "date" | "feedTtlSeconds">;

/**
 * The publisher's own "don't come back before" for this response, capped at maxIntervalSeconds;
 * null when the response gives no signal. When both HTTP freshness and the feed's ttl are present,
 * the longer one wins: honouring both is the polite reading.
 */
export function computePublisherFloor(
  headers: FloorHeaders,
  now: Date,
  maxIntervalSeconds: number,
): PublisherFloor | null {
  const candidates: PublisherFloor[] = [];
  const http = computeHttpFreshness(headers, now);
  if (http !== null) candidates.push(http);
  const ttl = headers.feedTtlSeconds;
  if (ttl !== null && Number.isFinite(ttl) && ttl > 0) candidates.push({ seconds: ttl, source: "ttl" });
  if (candidates.length === 0) return null;
  const longest = candidates.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  return { seconds: Math.min(Math.ceil(longest.seconds), maxIntervalSeconds), source: longest.source };
}

/**
 * Freshness lifetime per RFC 9111 §4.2.1: max-age when present (it overrides Expires, §5.3);
 * otherwise Expires minus the response's Date header (the server's own clock, so clock skew between
 * us and the publisher does not matter), or minus `now` when Date is absent or invalid.
 */
function computeHttpFreshness(headers: FloorHeaders, now: Date): PublisherFloor | null {
  const maxAge = parseMaxAge(headers.cacheControl);
  if (maxAge !== null) return { seconds: maxAge, source: "max-age" };
  if (headers.expires === null) return null;
  const expiresAt = parseHttpDate(headers.expires, now);
  // RFC 9111 §5.3: an invalid Expires (notably "0") means "already expired": a floor of zero.
  if (expiresAt === null) return { seconds: 0, source: "Expires" };
  const base = parseHttpDate(headers.date, now) ?? now;
  return { seconds: Math.max(0, (expiresAt.getTime() - base.getTime()) / 1000), source: "Expires" };
}
