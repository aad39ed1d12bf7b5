// The schedule of a source in a sentence a newcomer can read (pure): when it is checked next and
// why, from how old its newest post is, and why the next check may come later than the interval
// (the spread the policy adds so that sources do not all come due together). Shown right after
// subscribing and beside the interval figure.
import { formatDuration } from "@/lib/pipeline/policy/format";

export type ScheduleFacts = {
  now: Date;
  enabled: boolean;
  intervalSeconds: number;
  nextDueAt: Date;
  lastFetchedAt: Date | null;
  /** The newest publication date among the source's stored articles; null when none is known. */
  newestPublishedAt: Date | null;
  consecutiveErrors: number;
};

const DAY_S = 24 * 60 * 60;
/** A post older than this makes a feed "quiet": it will be checked more often once it publishes. */
const QUIET_AFTER_S = 7 * DAY_S;

/** "11 months", "3 weeks", "5 days", "6 h": an age as people say it. */
export function formatAge(seconds: number): string {
  const days = seconds / DAY_S;
  if (days >= 60) return `${Math.round(days / 30.44)} months`;
  if (days >= 14) return `${Math.round(days / 7)} weeks`;
  if (days >= 2) return `${Math.round(days)} days`;
  return formatDuration(seconds);
}

/**
 * How much the wait before the next check differs from the interval, in seconds: positive when the
 * scheduler added spread, negative when it drew the check earlier (a first fetch at the maximum
 * interval is spread below it); 0 when not known.
 */
export function findSpreadSeconds(
  facts: Pick<ScheduleFacts, "intervalSeconds" | "nextDueAt" | "lastFetchedAt">,
): number {
  if (facts.lastFetchedAt === null) return 0;
  const waitSeconds = (facts.nextDueAt.getTime() - facts.lastFetchedAt.getTime()) / 1000;
  return Math.round(waitSeconds - facts.intervalSeconds);
}

/** Null when the source is paused or failing: the failure's own explanation says more then. */
export function describeSchedule(facts: ScheduleFacts): string | null {
  if (!facts.enabled || facts.consecutiveErrors > 0) return null;
  const untilSeconds = Math.max(0, (facts.nextDueAt.getTime() - facts.now.getTime()) / 1000);
  const when =
    untilSeconds < 60 ? "Checked again in the next round" : `Checked again in ${formatDuration(untilSeconds)}`;
  const spread = findSpreadSeconds(facts);
  const spreadNote =
    Math.abs(spread) >= 60
      ? ` (its interval, ${formatDuration(facts.intervalSeconds)}, ${spread > 0 ? "plus" : "less"} ${formatDuration(Math.abs(spread))} of spread, so that sources do not all come due together)`
      : "";
  if (facts.newestPublishedAt === null)
    return `${when}${spreadNote}: its posts carry no dates, so it starts at the shortest interval and is checked less often while nothing new comes.`;
  const ageSeconds = Math.max(0, (facts.now.getTime() - facts.newestPublishedAt.getTime()) / 1000);
  const age = formatAge(ageSeconds);
  if (ageSeconds >= QUIET_AFTER_S)
    return `${when}${spreadNote} because its newest post is ${age} old; it will be checked more often when it publishes.`;
  return `${when}${spreadNote} because its newest post is ${age} old: the interval follows how often it publishes.`;
}
