// Who may read /metrics. Prometheus keeps no session cookie, so an instance with a password
// redirected every scrape to the login page. As Miniflux does (METRICS_ALLOWED_NETWORKS and a
// metrics user), the operator names what a scraper brings: a bearer token
// (TIDINGS_METRICS_TOKEN, Prometheus' `authorization: { credentials: ... }`), the networks it
// scrapes from (TIDINGS_METRICS_ALLOWED_NETWORKS), or both, in which case both must hold.
// Unconfigured, /metrics is like any page: open without a password, behind the login with one.
import { createHash, timingSafeEqual } from "node:crypto";
import { clientAddressOf } from "@/lib/http/client-address";
import type { NetworkList } from "@/lib/base/network-list";

export type MetricsPolicy = { token: string | undefined; networks: NetworkList };

export type MetricsVerdict = "not_configured" | "allowed" | "refused";

export function checkMetricsAccess(headers: Headers, policy: MetricsPolicy): MetricsVerdict {
  const { token, networks } = policy;
  if (token === undefined && networks.entries.length === 0) return "not_configured";
  if (networks.entries.length > 0 && !networks.has(clientAddressOf(headers))) return "refused";
  if (token !== undefined && !hasBearer(headers.get("authorization"), token)) return "refused";
  return "allowed";
}

/** Compared as SHA-256 digests, of equal length whatever was sent, so the time taken tells nothing. */
function hasBearer(authorization: string | null, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  if (match?.[1] === undefined) return false;
  return timingSafeEqual(sha256(match[1]), sha256(token));
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();
