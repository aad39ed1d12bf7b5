// SSRF guard: which IP addresses a feed fetch may dial when private networks are not allowed.
// A feed URL is user input; without this a subscription to http://169.254.169.254/ would read
// cloud credentials, and one to http://10.0.0.1/admin would probe the LAN.
import { BlockList, isIP } from "node:net";

type Range = { label: string; network: string; prefix: number; family: "ipv4" | "ipv6" };

// IANA special-purpose registries (RFC 6890 and updates): everything not globally reachable.
const RANGES: readonly Range[] = [
  { label: "unspecified/this-network", network: "0.0.0.0", prefix: 8, family: "ipv4" },
  { label: "private", network: "10.0.0.0", prefix: 8, family: "ipv4" },
  { label: "shared (CGNAT)", network: "100.64.0.0", prefix: 10, family: "ipv4" },
  { label: "loopback", network: "127.0.0.0", prefix: 8, family: "ipv4" },
  { label: "link-local (cloud metadata)", network: "169.254.0.0", prefix: 16, family: "ipv4" },
  { label: "private", network: "172.16.0.0", prefix: 12, family: "ipv4" },
  { label: "reserved (IETF protocol assignments)", network: "192.0.0.0", prefix: 24, family: "ipv4" },
  { label: "documentation", network: "192.0.2.0", prefix: 24, family: "ipv4" },
  { label: "reserved (6to4 relay)", network: "192.88.99.0", prefix: 24, family: "ipv4" },
  { label: "private", network: "192.168.0.0", prefix: 16, family: "ipv4" },
  { label: "benchmarking", network: "198.18.0.0", prefix: 15, family: "ipv4" },
  { label: "documentation", network: "198.51.100.0", prefix: 24, family: "ipv4" },
  { label: "documentation", network: "203.0.113.0", prefix: 24, family: "ipv4" },
  { label: "multicast", network: "224.0.0.0", prefix: 4, family: "ipv4" },
  { label: "reserved", network: "240.0.0.0", prefix: 4, family: "ipv4" },
  { label: "unspecified", network: "::", prefix: 128, family: "ipv6" },
  { label: "loopback", network: "::1", prefix: 128, family: "ipv6" },
  { label: "local-use NAT64", network: "64:ff9b:1::", prefix: 48, family: "ipv6" },
  { label: "discard-only", network: "100::", prefix: 64, family: "ipv6" },
  { label: "tunnelled (Teredo)", network: "2001::", prefix: 32, family: "ipv6" },
  { label: "documentation", network: "2001:db8::", prefix: 32, family: "ipv6" },
  { label: "unique local", network: "fc00::", prefix: 7, family: "ipv6" },
  { label: "link-local", network: "fe80::", prefix: 10, family: "ipv6" },
  { label: "site-local", network: "fec0::", prefix: 10, family: "ipv6" },
  { label: "multicast", network: "ff00::", prefix: 8, family: "ipv6" },
];

const LISTS = RANGES.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, range.family);
  return { range, list };
});

/** Thrown from the dialling path (custom DNS lookup / connector); fetchFeed turns it into kind `blocked`. */
export class BlockedAddressError extends Error {
  readonly code = "ERR_TIDINGS_BLOCKED_ADDRESS";
  constructor(host: string, address: string, reason: string) {
    const what = `not a public address (${reason})`;
    super(host === address ? `${address} is ${what}` : `${host} resolves to ${address}, ${what}`);
    this.name = "BlockedAddressError";
  }
}

/**
 * Why this IP address must not be dialled ("loopback", "private", ...), or null when it is public.
 * Non-IP input counts as blocked: the caller passed a name where an address was due.
 */
export function findBlockedReason(address: string): string | null {
  const bare = stripBrackets(address).replace(/%.*$/, ""); // zone ids (fe80::1%eth0) are not part of the address
  const family = isIP(bare);
  if (family === 0) return "not an IP address";
  const hit = LISTS.find(({ list }) => list.check(bare, family === 4 ? "ipv4" : "ipv6"));
  if (hit !== undefined) return hit.range.label;
  const embedded = family === 6 ? findEmbeddedIPv4(bare) : null;
  const reason = embedded === null ? null : findBlockedReason(embedded);
  return reason === null ? null : `${reason}, embedded ${embedded}`;
}

/** The IPv4 address carried inside an IPv6 one: mapped/compatible (::ffff:a.b.c.d, ::a.b.c.d), NAT64 64:ff9b::/96, 6to4 2002::/16. */
export function findEmbeddedIPv4(address: string): string | null {
  const groups = expandIPv6(address);
  const at = (index: number) => groups[index] ?? 0;
  const zeroFrom = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // ::/96 (compatible) also holds :: and ::1, whose "embedded" 0.0.0.0 and 0.0.0.1 are blocked too.
  if (zeroFrom(0, 5) && (at(5) === 0xffff || at(5) === 0)) return formatIPv4(at(6), at(7));
  if (at(0) === 0x64 && at(1) === 0xff9b && zeroFrom(2, 6)) return formatIPv4(at(6), at(7)); // RFC 6052
  if (at(0) === 0x2002) return formatIPv4(at(1), at(2)); // RFC 3056
  return null;
}

function formatIPv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** Eight 16-bit groups of a valid IPv6 address (the caller has checked isIP() === 6). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const tailStart = text.lastIndexOf(":") + 1;
  const tail = text.slice(tailStart);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, tailStart)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const restGroups = rest === undefined || rest === "" ? [] : rest.split(":");
  const fill = rest === undefined ? [] : new Array<string>(8 - headGroups.length - restGroups.length).fill("0");
  return [...headGroups, ...fill, ...restGroups].map((group) => Number.parseInt(group, 16));
}

export function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
