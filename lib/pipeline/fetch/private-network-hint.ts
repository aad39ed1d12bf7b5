// What a person refused a private address is told: which setting opens it and what else that
// setting opens (the guard cannot tell a LAN feed from a probe of the LAN, so it is all or nothing).
export const PRIVATE_NETWORK_HINT =
  "To follow feeds on your own network (RSS-Bridge, RSSHub, a NAS), set TIDINGS_ALLOW_PRIVATE_NETWORKS=true in " +
  "Tidings' environment and restart it: every feed may then reach loopback, private (10.x, 172.16–31.x, " +
  "192.168.x), link-local and other non-public addresses, so set it only where everyone who can add a feed may " +
  "reach them";

export function withPrivateNetworkHint(detail: string): string {
  return `${detail}. ${PRIVATE_NETWORK_HINT}.`;
}
