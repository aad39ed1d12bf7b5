// What the WebSub subscriber needs, resolved once from the environment. WebSub needs a callback
// the hub can reach: without TIDINGS_PUBLIC_URL (a reader behind NAT, on a laptop) there is none,
// and every feed is polled as before.
import type { Env } from "@/lib/base/env";

export type WebSubSettings = {
  /** TIDINGS_PUBLIC_URL without a trailing slash: callbacks live under `${publicUrl}/api/websub/`. */
  publicUrl: string;
  /** hub.lease_seconds asked for; the hub decides (W3C WebSub §5.1). */
  leaseSeconds: number;
  userAgent: string;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /**
   * W3C WebSub §5.1: hub.secret SHOULD only be sent over HTTPS. Tidings never subscribes without a
   * secret (an unsigned push is dropped), so a plain-http hub is not asked at all; only tests and
   * benchmarks, whose hubs live on loopback, allow it.
   */
  allowPlainHttpHubs: boolean;
};

/** Ten days: long enough that renewals are rare, short enough that a forgotten subscription ends. */
export const REQUESTED_LEASE_SECONDS = 10 * 24 * 60 * 60;

export function webSubSettingsFromEnv(env: Env, userAgent: string): WebSubSettings | null {
  if (env.TIDINGS_PUBLIC_URL === undefined) return null;
  return {
    publicUrl: env.TIDINGS_PUBLIC_URL,
    leaseSeconds: REQUESTED_LEASE_SECONDS,
    userAgent,
    timeoutMs: env.TIDINGS_FETCH_TIMEOUT_MS,
    allowPrivateNetworks: env.TIDINGS_ALLOW_PRIVATE_NETWORKS,
    allowPlainHttpHubs: false,
  };
}

/** The callback of one subscription: unguessable by its token, under the public URL. */
export function buildCallbackUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/websub/${token}`;
}
