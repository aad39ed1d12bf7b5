// The one home of "which host is this URL" for politeness. Two different questions, two keys:
//
// - hostOf: the host NAME. A Retry-After is what one server said about itself, so holds are per
//   name (a 429 from a.example.com says nothing about b.example.com's load).
// - politenessKeyOf: the registrable domain, by the Public Suffix List (seed 004: "some hosts use
//   sub-domains like mine.domain.com, your.domain.com. So wait between calls to domain.com"). The
//   private section of the list is used, so alice.github.io and bob.github.io, which are different
//   people's sites, do not share a gap. IP literals are keyed by address, names without a public
//   suffix (localhost, intranet names) by name. Ports never matter: one machine, one gap.
import { getDomain } from "tldts";

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
}

/**
 * Keys already found, per host name: the publisher table keys every source on each request, and the
 * Public Suffix List lookup was most of that (80 ms of CPU for 10,000 sources). Bounded: emptied
 * when full.
 */
const KEYS_BY_HOST = new Map<string, string>();
const MAX_KEPT_KEYS = 100_000;

export function politenessKeyOf(url: string): string {
  const host = hostOf(url);
  const kept = KEYS_BY_HOST.get(host);
  if (kept !== undefined) return kept;
  if (KEYS_BY_HOST.size >= MAX_KEPT_KEYS) KEYS_BY_HOST.clear();
  const key = keyOfHost(host);
  KEYS_BY_HOST.set(host, key);
  return key;
}

function keyOfHost(host: string): string {
  // IPv6 literals keep their brackets in URL.hostname; tldts gives IPs no domain.
  if (host.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}
