// Dial-time half of the SSRF guard. Checking the URL's host name is not enough: DNS can answer
// differently at connect time (rebinding), so the check runs on the address net.connect dials.
import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { buildConnector } from "undici";
import { BlockedAddressError, findBlockedReason, stripBrackets } from "./address-guard";

/**
 * dns.lookup that hands net.connect only public addresses. Mixed answers are filtered rather than
 * refused: the socket can only ever reach what survives. All refused → BlockedAddressError.
 */
export const lookupPublicAddresses: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, options.all ? [] : "");
      return;
    }
    const allowed = addresses.filter((entry) => findBlockedReason(entry.address) === null);
    const first = allowed[0];
    if (first === undefined) {
      const refused = addresses[0]?.address ?? "no address";
      callback(
        new BlockedAddressError(hostname, refused, findBlockedReason(refused) ?? "blocked"),
        options.all ? [] : "",
      );
      return;
    }
    if (options.all) callback(null, allowed);
    else callback(null, first.address, first.family);
  });
};

/**
 * An undici connector that refuses blocked IP literals itself (net.connect skips the lookup for
 * literals) and resolves names through lookupPublicAddresses.
 */
export function buildGuardedConnector(connectTimeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ lookup: lookupPublicAddresses, timeout: connectTimeoutMs });
  return (options, callback) => {
    const host = stripBrackets(options.hostname);
    const reason = isIP(host) === 0 ? null : findBlockedReason(host);
    if (reason !== null) {
      callback(new BlockedAddressError(host, host, reason), null);
      return;
    }
    connect(options, callback);
  };
}
