// A subscription's state in the health pages' words: pending, verified, denied or failing, and
// whether polls caught its hub missing pushes. Pure: `now` is given. The one home of these words,
// for the source page and the health page alike.
import { isPushing } from "@/lib/pipeline/websub/push-schedule";

export type PushStateName = "pending" | "verified" | "denied" | "failing";

export type PushStateFields = {
  state: string;
  hubUrl: string;
  verifiedAt: Date | null;
  leaseExpiresAt: Date | null;
  missedPushAt: Date | null;
  lastError: string | null;
};

export type PushState = {
  name: PushStateName;
  /** Pushes are trusted: the feed is polled once a day. */
  pushing: boolean;
  /** A poll found an entry the hub never pushed: the feed is back on its own schedule. */
  missingPushes: boolean;
  /** One sentence for people. */
  words: string;
};

export function describePushState(subscription: PushStateFields, now: Date): PushState {
  const host = new URL(subscription.hubUrl).host;
  const leaseEnded =
    subscription.state === "verified" &&
    subscription.leaseExpiresAt !== null &&
    subscription.leaseExpiresAt.getTime() <= now.getTime();
  const name: PushStateName = leaseEnded ? "failing" : toName(subscription.state);
  const pushing = isPushing(subscription, now);
  const missingPushes = subscription.missedPushAt !== null && name === "verified";
  return { name, pushing, missingPushes, words: describe(name, host, subscription, missingPushes, leaseEnded) };
}

function toName(state: string): PushStateName {
  return state === "verified" || state === "denied" || state === "failing" ? state : "pending";
}

function describe(
  name: PushStateName,
  host: string,
  subscription: PushStateFields,
  missingPushes: boolean,
  leaseEnded: boolean,
): string {
  if (missingPushes)
    return `${host} is missing pushes: a poll found an entry it never delivered, so the feed is polled on its own schedule again.`;
  if (name === "verified") return `${host} pushes new entries; the feed is polled once a day as a safety net.`;
  if (name === "denied")
    return `${host} denied the subscription (${subscription.lastError ?? "no reason given"}); the feed is polled as before.`;
  if (leaseEnded) return `the lease at ${host} has ended and could not be renewed; the feed is polled as before.`;
  if (name === "failing")
    return `subscribing at ${host} is failing (${subscription.lastError ?? "no answer"}); the feed is polled as before.`;
  return `waiting for ${host} to verify the subscription; the feed is polled as before meanwhile.`;
}
