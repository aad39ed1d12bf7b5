// W3C WebSub §5.3 (Hub Verifies Intent of the Subscriber) and §5.2 (Subscription Validation): the
// hub's GET on a callback. The challenge is echoed, with a 2xx, only for a request Tidings made:
// the callback's subscription, its topic, and the mode it asked for (subscribe while its source is
// followed, unsubscribe once it is gone). Anything else is 404, as §5.3.1 requires. A denial
// (hub.mode=denied) is recorded with the hub's reason.
import type { Db } from "@/lib/db/client";
import { createLogger } from "@/lib/base/log";
import { DENIED_RETRY_MS, renewalTime } from "@/lib/pipeline/websub/plan-hub-request";

const log = createLogger("websub");

export type Subscription = NonNullable<Awaited<ReturnType<Db["webSubSubscription"]["findUnique"]>>>;

/** Bounds on hub.lease_seconds: a minute at least, a year at most (a hub's typo must not pin a row). */
const MIN_LEASE_SECONDS = 60;
const MAX_LEASE_SECONDS = 365 * 24 * 60 * 60;
const MAX_CHALLENGE_LENGTH = 1000;

export async function answerVerification(
  db: Db,
  subscription: Subscription,
  query: URLSearchParams,
  context: { now: Date; requestedLeaseSeconds: number },
): Promise<Response> {
  const mode = query.get("hub.mode");
  const topic = query.get("hub.topic");
  const { now } = context;
  if (topic !== subscription.topicUrl) return notFound();
  if (mode === "denied") {
    if (subscription.sourceId === null) return notFound();
    const reason = query.get("hub.reason")?.slice(0, 300) || "the hub gave no reason";
    await db.webSubSubscription.update({
      where: { id: subscription.id },
      data: {
        state: "denied",
        pendingMode: null,
        lastError: `denied by the hub: ${reason}`,
        verifiedAt: null,
        leaseSeconds: null,
        leaseExpiresAt: null,
        nextRequestAt: new Date(now.getTime() + DENIED_RETRY_MS),
      },
    });
    log.warn(`subscription ${subscription.id} ${subscription.topicUrl}: denied by ${subscription.hubUrl}: ${reason}`);
    return new Response(null, { status: 204, headers: NO_STORE });
  }
  const challenge = query.get("hub.challenge");
  if (challenge === null || challenge === "" || challenge.length > MAX_CHALLENGE_LENGTH) return notFound();
  if (mode === "subscribe" && subscription.sourceId !== null && asked(subscription, "subscribe")) {
    const leaseSeconds = readLease(query.get("hub.lease_seconds"), context.requestedLeaseSeconds);
    await db.webSubSubscription.update({
      where: { id: subscription.id },
      data: {
        state: "verified",
        pendingMode: null,
        verifiedAt: now,
        leaseSeconds,
        leaseExpiresAt: new Date(now.getTime() + leaseSeconds * 1000),
        nextRequestAt: renewalTime(now, leaseSeconds),
        failedRequests: 0,
        lastError: null,
      },
    });
    log.info(
      `subscription ${subscription.id} ${subscription.topicUrl}: verified by ${subscription.hubUrl} for ${leaseSeconds} s`,
    );
    return echo(challenge);
  }
  if (mode === "unsubscribe" && subscription.sourceId === null && subscription.pendingMode === "unsubscribe") {
    await db.webSubSubscription.deleteMany({ where: { id: subscription.id } });
    log.info(`subscription ${subscription.id} ${subscription.topicUrl}: unsubscribed at ${subscription.hubUrl}`);
    return echo(challenge);
  }
  return notFound();
}

/**
 * A subscribe verification is Tidings' own when it asked (pendingMode) or already holds that very
 * subscription: a hub may verify a renewal again after answering it, and the answer must not change.
 */
function asked(subscription: Subscription, mode: "subscribe"): boolean {
  return subscription.pendingMode === mode || subscription.state === "verified";
}

/** §5.3: hub.lease_seconds is required for subscribe; without a readable one, the lease asked for stands. */
function readLease(raw: string | null, requested: number): number {
  const value = raw !== null && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : requested;
  return Math.min(MAX_LEASE_SECONDS, Math.max(MIN_LEASE_SECONDS, value));
}

const NO_STORE = { "Cache-Control": "no-store" };

function echo(challenge: string): Response {
  return new Response(challenge, {
    status: 200,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}

export function notFound(): Response {
  return new Response("no such subscription\n", {
    status: 404,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}
