// DNS rebinding: a web page on evil.example can make its own name resolve to 127.0.0.1 and then
// talk to Tidings "same-origin". The Host header still says evil.example, so Tidings answers
// only to the names it is meant to have: loopback names, the public URL's host, and the hosts
// the owner lists. With a password set and no list, any name is fine (a rebound page has no
// session cookie for it).
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type HostRules = { passwordRequired: boolean; allowedHosts: string[] };

/** The host part of a Host header, lower-cased, without the port ("[::1]:3000" → "[::1]"). */
export function hostName(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.replace(/:\d*$/, "");
}

export function isLoopbackName(name: string): boolean {
  return LOOPBACK_NAMES.has(name) || name.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(name);
}

export function isAllowedHost(hostHeader: string | null, rules: HostRules): boolean {
  if (hostHeader === null || hostHeader === "") return false;
  const name = hostName(hostHeader);
  if (isLoopbackName(name)) return true;
  if (rules.allowedHosts.length > 0) return rules.allowedHosts.includes(name);
  return rules.passwordRequired;
}
