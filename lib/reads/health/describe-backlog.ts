// The backlog in plain words (pure): "12 sources overdue, oldest by 14 min, because the last
// round's time budget ran out with 3 sources left for later, and 2 of them wait for their host's
// Retry-After."
import { formatDuration } from "@/lib/pipeline/policy/format";
import type { Backlog } from "@/lib/reads/health/read-backlog";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function describeBacklog(backlog: Backlog): string {
  const { due, overdue, oldestOverdueMs, overdueHeld, lastRound } = backlog;
  if (overdue === 0)
    return due === 0 ? "No source is due or overdue." : `${plural(due, "source is", "sources are")} due, none overdue.`;
  const reasons: string[] = [];
  if (lastRound && lastRound.leftForBudget > 0)
    reasons.push(
      `the last round's time budget ran out with ${plural(lastRound.leftForBudget, "source", "sources")} left for later`,
    );
  if (overdueHeld > 0)
    reasons.push(
      overdueHeld === overdue
        ? "their host asked Tidings to wait (Retry-After)"
        : `${overdueHeld} of them wait${overdueHeld === 1 ? "s" : ""} for their host's Retry-After`,
    );
  if (reasons.length === 0)
    reasons.push(
      lastRound
        ? "no round has fetched them since they came due (is the scheduler running?)"
        : "no round has finished yet",
    );
  return `${plural(overdue, "source", "sources")} overdue, oldest by ${formatDuration(oldestOverdueMs / 1000)}, because ${reasons.join(", and ")}.`;
}
