// What to do with a subscription whose request is due: pure (no I/O, `now` given). A source that
// is gone (sourceId null: removed, or once several people read Tidings, left by its last reader)
// is unsubscribed; any other is subscribed, which for a verified one is the renewal of its lease
// (W3C WebSub §5.1: a subscription request for an existing subscription renews it).

export type DueSubscription = {
  sourceId: number | null;
  /** Whether the source is polled; a paused one's lease is left to run out (null: no source). */
  sourceEnabled: boolean | null;
  state: string;
  pendingMode: string | null;
  failedRequests: number;
  leaseSeconds: number | null;
  leaseExpiresAt: Date | null;
  nextRequestAt: Date;
};

export type HubRequestPlan =
  | {
      action: "send";
      mode: "subscribe" | "unsubscribe";
      /** The previous request was never verified. */ unverified: boolean;
    }
  | { action: "forget"; reason: string }
  /** Nothing to ask now; looked at again after PAUSED_RECHECK_MS. */
  | { action: "wait"; reason: string };

/** How long a hub has to verify a request before it counts as failed and is sent again. */
export const VERIFY_WAIT_MS = 60 * 60 * 1000;
/** An unsubscription the hub never confirms is given up after this many requests (its lease ends anyway). */
export const MAX_UNSUBSCRIBE_REQUESTS = 3;
/** A denied subscription is asked again after a week: the publisher may have fixed its hub. */
export const DENIED_RETRY_MS = 7 * 24 * 60 * 60 * 1000;
/** A paused source is looked at again this often: re-enabled, it is subscribed afresh. */
export const PAUSED_RECHECK_MS = 24 * 60 * 60 * 1000;
/** Renewal at 90% of the lease, so a slow or failing hub still has a tenth of it to be retried. */
export const RENEW_AT_LEASE_SHARE = 0.9;

export function planHubRequest(subscription: DueSubscription, now: Date): HubRequestPlan {
  const unverified = subscription.pendingMode !== null;
  // A paused source wants no entries: its lease is not renewed, and pushes meanwhile are dropped.
  if (subscription.sourceId !== null && subscription.sourceEnabled === false)
    return { action: "wait", reason: "its source is paused" };
  if (subscription.sourceId !== null) return { action: "send", mode: "subscribe", unverified };
  if (subscription.state === "denied") return { action: "forget", reason: "the hub had denied it" };
  const lease = subscription.leaseExpiresAt;
  if (subscription.state === "verified" && lease !== null && lease.getTime() <= now.getTime())
    return { action: "forget", reason: "its lease has ended" };
  const failed = subscription.failedRequests + (subscription.pendingMode === "unsubscribe" ? 1 : 0);
  if (failed >= MAX_UNSUBSCRIBE_REQUESTS)
    return { action: "forget", reason: `${failed} requests to the hub failed or went unconfirmed` };
  return { action: "send", mode: "unsubscribe", unverified: subscription.pendingMode === "unsubscribe" };
}

/** When a verified subscription is renewed: at 90% of the lease the hub granted. */
export function renewalTime(verifiedAt: Date, leaseSeconds: number): Date {
  return new Date(verifiedAt.getTime() + Math.floor(leaseSeconds * RENEW_AT_LEASE_SHARE) * 1000);
}

/** After a failed request: 15 minutes, doubling, at most a day; a running lease is renewed before it ends. */
export function retryTime(failedRequests: number, now: Date, leaseExpiresAt: Date | null): Date {
  const backoffMs = Math.min(24 * 60 * 60 * 1000, 15 * 60 * 1000 * 2 ** Math.min(10, Math.max(0, failedRequests - 1)));
  const retry = now.getTime() + backoffMs;
  const leaseLeftMs = leaseExpiresAt === null ? 0 : leaseExpiresAt.getTime() - now.getTime();
  // Within a running lease, try again at the latest halfway to its end.
  return new Date(leaseLeftMs > 0 ? Math.min(retry, now.getTime() + Math.max(60_000, leaseLeftMs / 2)) : retry);
}
