// The walk of a round: the listed sources ONE AT A TIME (every request takes its turn in the
// process's lane, which keeps the per-domain gap), up to the time budget.
//
// Retry-After is a schedule, not a stop: a source whose host NAME is held (a 429 earlier in this
// round, or one still running from before; HostState in the database, so every instance sees it)
// is set aside and the other hosts go on. When only held sources are left, the walk waits for the
// earliest hold to end if that is within the budget, then fetches them; otherwise they stay due
// (already overdue, so the next round lists them first). No request goes to a host during its hold.
import type { Db } from "@/lib/db/prisma-client";
import { hostOf } from "@/lib/pipeline/fetch/host-of";
import { acquireLease, type AcquireLeaseInput } from "@/lib/pipeline/store/fetch/lease";
import { forgiveOfflineErrors } from "@/lib/pipeline/store/fetch/forgive-offline-errors";
import type { RoundTally } from "@/lib/pipeline/store/fetch/rounds";
import { rereadSource, type HostHolds, type ListedSource } from "@/lib/pipeline/round/due-sources";
import { fetchAndRecord, type FetchLine } from "@/lib/pipeline/round/fetch-and-record";
import { countAttempt, looksOffline, type OfflineTally } from "@/lib/pipeline/round/offline-guard";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { withRobots } from "@/lib/pipeline/lanes/robots-lane";
import { createLogger } from "@/lib/base/log";

const log = createLogger("round");

/** How often a walk waiting out a hold looks at shouldStop (shutdown must not wait minutes). */
const HOLD_POLL_MS = 250;

export type WalkPlan = { roundId: number; sources: ListedSource[]; holds: HostHolds };
type WalkOptions = { trigger: string; sourceId?: number; shouldStop?: () => boolean };
type LeaseInput = Omit<AcquireLeaseInput, "now">;

export async function walkSources(
  db: Db,
  roundSettings: RoundSettings,
  plan: WalkPlan,
  options: WalkOptions,
  lease: LeaseInput,
): Promise<{ lines: FetchLine[]; tally: RoundTally }> {
  const { roundId } = plan;
  const settings = withRobots(db, roundSettings);
  const { clock } = settings;
  const deadline = clock.monotonicMs() + settings.budgetMs;
  const holds = new Map([...plan.holds].map(([host, until]) => [host, until.getTime()]));
  const queue = [...plan.sources];
  const setAside: ListedSource[] = [];
  const lines: FetchLine[] = [];
  let offlineTally: OfflineTally = { attempts: 0, networkErrors: 0 };
  const tally: RoundTally = emptyTally(plan.sources.length);
  let leaseRenewedAt = clock.monotonicMs();
  const heldUntil = (listed: ListedSource) => (holds.get(hostOf(listed.feedUrl)) ?? 0) > clock.now().getTime();

  // Bounded: every pass takes a source off `queue` or `setAside` (each is fetched at most once),
  // or sleeps towards a hold that ends before the deadline.
  for (;;) {
    if (options.shouldStop?.()) break;
    if (clock.monotonicMs() > deadline) {
      tally.budgetExhausted = queue.length + setAside.length > 0;
      // A source whose host is held would not have been asked even with time left: the hold kept it.
      const left = [...queue, ...setAside];
      tally.leftForHostHold = left.filter(heldUntil).length;
      tally.leftForBudget = left.length - tally.leftForHostHold;
      break;
    }
    let listed = queue.shift();
    if (listed === undefined) {
      const ready = setAside.findIndex((candidate) => !heldUntil(candidate));
      if (ready >= 0) listed = setAside.splice(ready, 1)[0]!;
      else if (setAside.length === 0) break;
      else {
        const firstEnd = Math.min(...setAside.map((candidate) => holds.get(hostOf(candidate.feedUrl)) ?? 0));
        if (firstEnd - clock.now().getTime() > deadline - clock.monotonicMs()) {
          log.info(
            `round ${roundId}: ${setAside.length} source(s) held by Retry-After past the budget stay due for the next round`,
          );
          tally.leftForHostHold = setAside.length;
          break;
        }
        await clock.sleep(Math.max(1, Math.min(HOLD_POLL_MS, firstEnd - clock.now().getTime())));
        continue;
      }
    }
    if (heldUntil(listed)) {
      setAside.push(listed);
      continue;
    }
    const source = await rereadSource(db, listed.id);
    // Removed, or disabled by the person since the round began (a manual fetch is their own request).
    if (!source || (!source.enabled && options.sourceId === undefined)) continue;
    // Renewed now and then, not per source: a long round keeps its lease at little cost.
    if (clock.monotonicMs() - leaseRenewedAt > lease.ttlMs / 4) {
      // A round that lost its lease (this process stalled past the TTL) must not go on fetching.
      if (!(await acquireLease(db, { ...lease, now: clock.now() }))) break;
      leaseRenewedAt = clock.monotonicMs();
    }
    const line = await fetchAndRecord(db, settings, source, {
      roundId,
      manual: options.trigger === "manual",
      offline: (attempt) => looksOffline((offlineTally = countAttempt(offlineTally, attempt.errorKind))),
    });
    lines.push(line);
    addToTally(tally, line);
    // Our own database failed: no other source would fare better; the round ends as failed.
    if (line.errorKind === "database") break;
    const hold = line.hostHoldUntil;
    if (hold) holds.set(hostOf(source.feedUrl), hold.getTime());
    if (looksOffline(offlineTally)) {
      tally.offline = true;
      await forgiveEarlierNetworkErrors(db, lines);
      log.warn(
        `round ${roundId}: most fetches failed at the network level; this machine looks offline, stopping the round`,
      );
      break;
    }
  }
  return { lines, tally };
}

/** Errors counted before the round was judged offline were not the publishers' fault either. */
async function forgiveEarlierNetworkErrors(db: Db, lines: FetchLine[]): Promise<void> {
  await forgiveOfflineErrors(
    db,
    lines.flatMap((line) => (line.countedError ? [line.countedError] : [])),
  );
}

export function emptyTally(sourcesDue: number): RoundTally {
  return {
    sourcesDue,
    sourcesAttempted: 0,
    okCount: 0,
    notModifiedCount: 0,
    errorCount: 0,
    newArticles: 0,
    bytesReceived: 0,
    offline: false,
    budgetExhausted: false,
    leftForBudget: 0,
    leftForHostHold: 0,
  };
}

function addToTally(tally: RoundTally, line: FetchLine): void {
  tally.sourcesAttempted += 1;
  if (line.outcome === "ok") tally.okCount += 1;
  else if (line.outcome === "not_modified") tally.notModifiedCount += 1;
  else tally.errorCount += 1;
  tally.newArticles += line.newArticles;
  tally.bytesReceived += line.bytes;
}
