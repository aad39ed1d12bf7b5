// A list of addresses and networks ("127.0.0.1, 10.0.0.0/8, fd00::/8"), as the operator writes it in
// TIDINGS_TRUSTED_PROXIES or TIDINGS_METRICS_ALLOWED_NETWORKS, and the one way to ask whether an
// address is in it.
import { BlockList, isIP } from "node:net";

export type NetworkList = { readonly entries: readonly string[]; has(address: string): boolean };

/** Why an entry cannot be read, or null when it is an address or a network in CIDR notation. */
export function describeBadNetwork(entry: string): string | null {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or network (CIDR)`;
  if (prefix === undefined) return null;
  const bits = /^[0-9]{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128) ? null : `"${entry}" has an impossible prefix length`;
}

/** Comma-separated entries, blanks dropped; the caller has checked them with describeBadNetwork. */
export function splitNetworkList(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

export function createNetworkList(entries: readonly string[]): NetworkList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return {
    entries,
    has(address) {
      const bare = normaliseAddress(address);
      const family = isIP(bare);
      return family !== 0 && list.check(bare, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

/**
 * A socket on a dual-stack listener reports IPv4 peers as "::ffff:127.0.0.1"; the operator writes
 * "127.0.0.1". Brackets and zone ids are not part of the address either.
 */
export function normaliseAddress(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const mapped = /^::ffff:([0-9.]+)$/i.exec(bare);
  return mapped?.[1] !== undefined && isIP(mapped[1]) === 4 ? mapped[1] : bare.toLowerCase();
}
