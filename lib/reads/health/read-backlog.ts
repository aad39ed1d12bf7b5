// The scheduler's backlog now: sources due, sources overdue (and the oldest), which of those wait
// for their host's Retry-After, and what the last finished round left for later. One read for
// the fleet page's sentence and for /metrics' gauges, so the two always agree. Takes the database
// as an argument (no `server-only`): the round or the command line may ask it too.
import type { Db } from "@/lib/db/client";
import { hostOf, politenessKeyOf } from "@/lib/pipeline/fetch/host-of";

/**
 * Due for longer than this is overdue: a source due just after a tick of the default cron
 * (every 5 min) waits up to one tick, and a round takes a while to reach it; two ticks late means
 * a round came and did not fetch it.
 */
export const OVERDUE_AFTER_MS = 10 * 60 * 1000;

export type Backlog = {
  /** Enabled sources whose nextDueAt has come. */
  due: number;
  /** Of those, due for more than OVERDUE_AFTER_MS. */
  overdue: number;
  /** How late the most overdue source is (0 when none is). */
  oldestOverdueMs: number;
  /** Overdue sources whose host (or the source itself) is under a Retry-After hold now. */
  overdueHeld: number;
  /** Registrable domains of the overdue sources not held: how many lanes could work on them at once. */
  overduePublishers: number;
  lastRound: {
    id: number;
    finishedAt: Date;
    sourcesDue: number;
    sourcesAttempted: number;
    leftForBudget: number;
    leftForHostHold: number;
  } | null;
};

export async function readBacklog(db: Db, now: Date): Promise<Backlog> {
  const overdueBefore = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const [due, overdueRows, holds, lastRound] = await Promise.all([
    db.source.count({ where: { enabled: true, nextDueAt: { lte: now } } }),
    db.source.findMany({
      where: { enabled: true, nextDueAt: { lt: overdueBefore } },
      select: { feedUrl: true, nextDueAt: true, retryAfterUntil: true },
    }),
    db.hostState.findMany({ where: { retryAfterUntil: { gt: now } }, select: { host: true } }),
    db.round.findFirst({
      where: { finishedAt: { not: null } },
      orderBy: { id: "desc" },
      select: {
        id: true,
        finishedAt: true,
        sourcesDue: true,
        sourcesAttempted: true,
        leftForBudget: true,
        leftForHostHold: true,
      },
    }),
  ]);
  const heldHosts = new Set(holds.map((row) => row.host));
  const isHeld = (row: (typeof overdueRows)[number]) =>
    heldHosts.has(hostOf(row.feedUrl)) || (row.retryAfterUntil !== null && row.retryAfterUntil > now);
  const oldest = overdueRows.reduce((min, row) => Math.min(min, row.nextDueAt.getTime()), Number.POSITIVE_INFINITY);
  return {
    due,
    overdue: overdueRows.length,
    oldestOverdueMs: overdueRows.length === 0 ? 0 : now.getTime() - oldest,
    overdueHeld: overdueRows.filter(isHeld).length,
    overduePublishers: new Set(overdueRows.filter((row) => !isHeld(row)).map((row) => politenessKeyOf(row.feedUrl)))
      .size,
    lastRound: lastRound && lastRound.finishedAt ? { ...lastRound, finishedAt: lastRound.finishedAt } : null,
  };
}
