// The one rule for where a notification may go, asked when the URL is saved and again when each
// delivery dials: the feeds' SSRF guard, with the documented exception of this machine's loopback
// (an ntfy or Gotify next to Tidings). At save time only an address literal can be judged
// (169.254.169.254, [::ffff:169.254.169.254], 0.0.0.0); a name is judged on what it resolves to
// when a delivery connects, which is also the only answer that counts (DNS may change).
import { isIP } from "node:net";
import { checkUrl } from "@/lib/pipeline/fetch/check-url";
import { findBlockedReason, stripBrackets } from "@/lib/pipeline/fetch/address-guard";

/** Whether a delivery to this host may dial private addresses. */
export function notifyAddressPolicy(
  hostname: string,
  allowPrivateNetworks: boolean,
): { allowPrivateNetworks: boolean } {
  return { allowPrivateNetworks: allowPrivateNetworks || isLoopbackHost(hostname) };
}

/** Why this notify URL would be refused at delivery, in words for the form; null when it may be saved. */
export function describeRefusedNotifyUrl(href: string, allowPrivateNetworks: boolean): string | null {
  let hostname: string;
  try {
    hostname = new URL(href).hostname;
  } catch {
    return "not a valid URL";
  }
  const verdict = checkUrl(href, notifyAddressPolicy(hostname, allowPrivateNetworks));
  if (verdict.ok) return null;
  // Only where a receiver could be: the switch opens no way to the metadata or unspecified address worth advising.
  const lan = /\((private|unique local|shared \(CGNAT\))/.test(verdict.detail);
  const advice =
    lan && !allowPrivateNetworks ? " (a receiver on your LAN needs TIDINGS_ALLOW_PRIVATE_NETWORKS=true)" : "";
  return `refused: ${verdict.detail}${advice}`;
}

/** `localhost` and loopback literals (127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = stripBrackets(hostname).toLowerCase();
  if (host === "localhost") return true;
  return isIP(host) !== 0 && findBlockedReason(host)?.startsWith("loopback") === true;
}
