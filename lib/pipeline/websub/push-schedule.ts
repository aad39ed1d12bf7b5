// Polling as a safety net (issue 28): while a hub pushes a feed, a poll a day is enough to notice
// a hub that stopped. A poll that finds an entry no push delivered says the hub misses pushes:
// the feed goes back to its own schedule at once. Pure: no I/O, no clock (`now` is given).
import type { Decision } from "@/lib/pipeline/policy/types";

/** While pushes arrive, the feed is still polled this often: a missed push is noticed within a day. */
export const PUSHED_POLL_SECONDS = 24 * 60 * 60;

export type PushStanding = {
  state: string;
  hubUrl: string;
  verifiedAt: Date | null;
  leaseExpiresAt: Date | null;
  missedPushAt: Date | null;
};

/** The hub is trusted to push: verified, its lease running, and no poll has caught it missing an entry. */
export function isPushing(standing: PushStanding | null, now: Date): standing is PushStanding {
  return (
    standing !== null &&
    standing.state === "verified" &&
    standing.leaseExpiresAt !== null &&
    standing.leaseExpiresAt.getTime() > now.getTime() &&
    standing.missedPushAt === null
  );
}

export type PollVerdict =
  | { kind: "normal" }
  /** Poll once a day; `requestsSaved` counts the polls the source's own schedule would have made. */
  | { kind: "stretch"; decision: Decision; requestsSaved: number }
  /** A new entry arrived by poll, not by push: back to the normal schedule, and the hub is marked. */
  | { kind: "missed" };

/**
 * Judges one poll of a source. An entry is a missed push only when the poll before this one was
 * also made under the verified subscription: entries found by the first poll after verification
 * may predate it, and no hub pushes those.
 */
export function judgePoll(input: {
  standing: PushStanding | null;
  decision: Decision;
  now: Date;
  previousPollAt: Date | null;
  newArticles: number;
}): PollVerdict {
  const { standing, decision, now } = input;
  if (!isPushing(standing, now)) return { kind: "normal" };
  const pollSinceVerified =
    standing.verifiedAt !== null &&
    input.previousPollAt !== null &&
    input.previousPollAt.getTime() >= standing.verifiedAt.getTime();
  if (input.newArticles > 0 && pollSinceVerified) return { kind: "missed" };
  const dailyDue = new Date(now.getTime() + PUSHED_POLL_SECONDS * 1000);
  if (decision.nextDueAt.getTime() >= dailyDue.getTime()) return { kind: "stretch", decision, requestsSaved: 0 };
  const intervalMs = Math.max(60_000, decision.next.intervalSeconds * 1000);
  return {
    kind: "stretch",
    decision: {
      ...decision,
      nextDueAt: dailyDue,
      reason: `pushed by ${new URL(standing.hubUrl).host} (WebSub): polled once a day as a safety net`,
    },
    requestsSaved: Math.floor((dailyDue.getTime() - decision.nextDueAt.getTime()) / intervalMs),
  };
}
