// People type `example.com/feed` as they would in a browser's address bar; like the browser,
// Tidings reads it as https://example.com/feed, and falls back to plain http when no https
// server answers there (LAN services such as RSS-Bridge or RSSHub often serve http only). Only an
// address with no scheme at all is completed: `host:8080/feed` is a host and port (no scheme is
// made of digits after the colon), while `ftp:…` or `javascript:…` keep their scheme and are
// refused by the URL check as before.
import type { ErrorKind } from "@/lib/pipeline/fetch/types";

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST_AND_PORT = /^[^/?#:@]+:\d+(?:[/?#]|$)/;

export function completeWebAddress(address: string): string {
  const trimmed = address.trim();
  if (trimmed === "") return trimmed;
  if (trimmed.startsWith("//")) return `https:${trimmed}`;
  if (HAS_SCHEME.test(trimmed) && !HOST_AND_PORT.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/**
 * Failures that mean "no https server here": refused, reset, or a handshake an http-only server
 * answers with plain text. Not a timeout (the second try would double a long wait) nor DNS (the
 * name fails over http too).
 */
const NO_HTTPS_SERVER: ReadonlySet<ErrorKind> = new Set(["connect", "tls", "network"]);

/** The plain-http address to try once after `tried` failed, when the person typed no scheme; else null. */
export function findPlainHttpRetry(typed: string, tried: string, errorKind: ErrorKind): string | null {
  const schemeWasTyped = completeWebAddress(typed) === typed.trim();
  if (schemeWasTyped || !NO_HTTPS_SERVER.has(errorKind) || !tried.startsWith("https:")) return null;
  return `http:${tried.slice("https:".length)}`;
}
