// Whether more lanes would help (pure): sources left overdue by the round's budget are late for
// lack of lanes only when they are on more publishers than there are lanes; on fewer, each
// publisher's gap sets the pace and more lanes would fetch nothing sooner.
import type { Backlog } from "@/lib/reads/health/read-backlog";

const publishers = (count: number) => `${count} ${count === 1 ? "publisher" : "publishers"}`;

export function describeLanesHint(backlog: Backlog, lanes: number): string | null {
  const { lastRound, overdue, overduePublishers } = backlog;
  if (overdue === 0 || overduePublishers === 0 || !lastRound || lastRound.leftForBudget === 0) return null;
  const asked = `Tidings asks ${lanes === 1 ? "one publisher" : `${lanes} publishers`} at a time (TIDINGS_FETCH_LANES=${lanes})`;
  if (overduePublishers > lanes)
    return `The overdue sources are on ${publishers(overduePublishers)} and ${asked}: more lanes would fetch them sooner, each publisher still asked one request at a time, its gap kept.`;
  return `The overdue sources are on ${publishers(overduePublishers)} and ${asked}: their gaps set the pace, and more lanes would not help.`;
}
