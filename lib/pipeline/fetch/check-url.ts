// URL-level half of the SSRF guard, run on the first URL and again on every redirect target.
import { isIP } from "node:net";
import { findBlockedReason, stripBrackets } from "./address-guard";

/** Longer URLs are abuse or accidents; 2048 is the de-facto limit browsers and CDNs honour. */
export const MAX_URL_LENGTH = 2048;

/** `blocked`: refused for its address alone, which TIDINGS_ALLOW_PRIVATE_NETWORKS would allow. */
export type UrlVerdict = { ok: true; url: URL } | { ok: false; detail: string; blocked?: true };

export function checkUrl(href: string, policy: { allowPrivateNetworks: boolean }): UrlVerdict {
  if (href.length > MAX_URL_LENGTH) return refuse(`URL is ${href.length} characters long (limit ${MAX_URL_LENGTH})`);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return refuse(`not a valid URL: ${href.slice(0, 100)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse(`scheme ${url.protocol} is not allowed (http and https only)`);
  }
  // Credentials in a stored URL leak into logs and pages, and user@host is a classic SSRF disguise.
  if (url.username !== "" || url.password !== "") return refuse("URL contains credentials (user:password@)");
  // Parsing percent-encodes and may lengthen; the limit applies to what would be sent.
  if (url.href.length > MAX_URL_LENGTH)
    return refuse(`URL is ${url.href.length} characters long (limit ${MAX_URL_LENGTH})`);
  if (!policy.allowPrivateNetworks) {
    const reason = findHostBlockedReason(url.hostname);
    if (reason !== null) return { ok: false, detail: reason, blocked: true };
  }
  return { ok: true, url };
}

/**
 * IP literals are judged here, before any socket exists (WHATWG parsing has already turned 2130706433
 * or 0x7f.1 into 127.0.0.1). Names, localhost included, are judged on what they resolve to, at dial
 * time, by the guarded lookup: one authority for names, and it sees the address actually dialled.
 */
function findHostBlockedReason(hostname: string): string | null {
  const host = stripBrackets(hostname);
  if (isIP(host) === 0) return null;
  const reason = findBlockedReason(host);
  return reason === null ? null : `${host} is not a public address (${reason})`;
}

function refuse(detail: string): UrlVerdict {
  return { ok: false, detail };
}
