// The walk of a round: the listed sources, up to the time budget, one fetch per lane at a time
// (TIDINGS_FETCH_LANES lanes, 1 by default: one source after the other). Every request takes its
// turn in the process's lanes (request-lane.ts), which keep one request per registrable domain
// and its gap; walk-queue.ts hands each free lane a source whose domain may be asked now. The due
// sources come a page at a time (source-feed.ts): the next page is read while the lanes work on
// what is queued, so they never wait between pages, and the queue stays bounded.
//
// Retry-After is a schedule, not a stop: a source whose host NAME is held (a 429 earlier in this
// round, or one still running from before; HostState in the database, so every instance sees it)
// is set aside and the other hosts go on. When only held sources are left, one lane waits for the
// earliest hold to end if that is within the budget, then fetches them; otherwise they stay due
// (already overdue, so the next round lists them first). No request goes to a host during its hold.
// At the budget no lane takes a new source and no page is read; the fetches in flight finish and
// are stored.
import type { Db } from "@/lib/db/client";
import { hostOf } from "@/lib/pipeline/fetch/host-of";
import { acquireLease, type AcquireLeaseInput } from "@/lib/pipeline/store/fetch/lease";
import { forgiveOfflineErrors } from "@/lib/pipeline/store/fetch/forgive-offline-errors";
import type { RoundTally } from "@/lib/pipeline/store/fetch/rounds";
import { rereadSource, type HostHolds, type ListedSource } from "@/lib/pipeline/round/due-sources";
import { fetchAndRecord, type FetchLine } from "@/lib/pipeline/round/fetch-and-record";
import { countAttempt, looksOffline, type OfflineTally } from "@/lib/pipeline/round/offline-guard";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { withRobots } from "@/lib/pipeline/lanes/robots-lane";
import { forgetOldDomainTurns } from "@/lib/pipeline/lanes/shared-domain-turn";
import {
  addToQueue,
  createWalkQueue,
  finishSource,
  firstHoldEnd,
  hasReadySource,
  isHeld,
  listLeft,
  takeNext,
  takeReleased,
  type QueuedSource,
  type WalkQueue,
} from "@/lib/pipeline/round/walk-queue";
import { DUE_PAGE_SIZE, type SourceFeed } from "@/lib/pipeline/round/source-feed";
import { createLogger } from "@/lib/base/log";

const log = createLogger("round");

/** How often a walk waiting out a hold looks at shouldStop (shutdown must not wait minutes). */
const HOLD_POLL_MS = 250;
/** The next page is read once fewer than this many sources per lane are queued (a few seconds' work). */
const QUEUED_PER_LANE = 8;

export type WalkPlan = {
  roundId: number;
  /** The first batch; `more` brings the next ones (source-feed.ts). */
  sources: ListedSource[];
  holds: HostHolds;
  more: SourceFeed;
  /** Sharing rounds: a source fetched since then (by another instance) is not fetched again. */
  fetchedSince?: Date;
};
type WalkOptions = { trigger: string; sourceId?: number; shouldStop?: () => boolean };
type LeaseInput = Omit<AcquireLeaseInput, "now">;

/** What the lanes of one walk share. */
type Walk = {
  roundId: number;
  deadline: number;
  queue: WalkQueue;
  lines: FetchLine[];
  tally: RoundTally;
  offlineTally: OfflineTally;
  leaseRenewedAt: number;
  more: SourceFeed;
  /** The one refill of the queue in progress (only lanes that find the queue empty wait for it). */
  refilling: Promise<void> | null;
  /** Why a refill failed (the database, or a bug): the walk stops, and walkSources throws it at the end. */
  refillError: unknown;
  fetchedSince: Date | null;
  /** A database fault, a lost lease or an offline machine: no lane takes another source. */
  stopped: boolean;
  /** One lane at a time waits out a Retry-After hold; the others end. */
  waitingOutHold: boolean;
};

export async function walkSources(
  db: Db,
  roundSettings: RoundSettings,
  plan: WalkPlan,
  options: WalkOptions,
  /** Null for an instance sharing a round it does not hold the lease of (its domain claims cover the walk). */
  lease: LeaseInput | null,
): Promise<{ lines: FetchLine[]; tally: RoundTally }> {
  const settings = withRobots(db, roundSettings);
  const { clock } = settings;
  const walk: Walk = {
    roundId: plan.roundId,
    deadline: clock.monotonicMs() + settings.budgetMs,
    queue: createWalkQueue(plan.sources, plan.holds),
    lines: [],
    tally: emptyTally(plan.more.dueCount()),
    offlineTally: { attempts: 0, networkErrors: 0 },
    leaseRenewedAt: clock.monotonicMs(),
    more: plan.more,
    refilling: null,
    refillError: null,
    fetchedSince: plan.fetchedSince ?? null,
    stopped: false,
    waitingOutHold: false,
  };
  const lanes = Math.max(
    1,
    walk.more.hasMore() ? settings.laneQueue.lanes : Math.min(settings.laneQueue.lanes, plan.sources.length),
  );
  await Promise.all(Array.from({ length: lanes }, () => walkOneLane(db, settings, walk, options, lease)));
  await forgetOldDomainTurns(db, clock.now());
  if (walk.refillError !== null) throw walk.refillError;
  return { lines: walk.lines, tally: walk.tally };
}

/** One lane's share of the walk: take a source, fetch and store it, until nothing is left or the walk stops. */
async function walkOneLane(
  db: Db,
  settings: RoundSettings,
  walk: Walk,
  options: WalkOptions,
  lease: LeaseInput | null,
): Promise<void> {
  const { clock } = settings;
  // Bounded: every pass takes a source off the queue or the set-aside list (each is fetched at
  // most once), or sleeps towards a hold that ends before the deadline.
  for (;;) {
    if (walk.stopped || options.shouldStop?.()) return;
    if (clock.monotonicMs() > walk.deadline) return closeForBudget(walk, clock.now().getTime());
    const listed = await takeSource(walk, settings);
    if (listed === "wait") continue;
    if (listed === null) return;
    try {
      await fetchOne(db, settings, walk, options, lease, listed);
    } finally {
      finishSource(walk.queue, listed);
    }
  }
}

/** The next source for this lane, "wait" after sleeping towards a hold's end, null when this lane is done. */
async function takeSource(walk: Walk, settings: RoundSettings): Promise<QueuedSource | "wait" | null> {
  const { clock } = settings;
  const nowMs = clock.now().getTime();
  // The next page (sharing a round: more claimed domains) when the queue runs short or none of its
  // domains can be asked now. A lane with a source to take goes on meanwhile; only a lane that
  // would find nothing at all waits for it.
  if (wantsMore(walk, settings, nowMs)) {
    walk.refilling ??= refill(walk, walk.more).finally(() => (walk.refilling = null));
    if (walk.queue.queue.length === 0) await walk.refilling;
  }
  const next = takeNext(walk.queue, settings.laneQueue, settings.hostGapMs, nowMs) ?? takeReleased(walk.queue, nowMs);
  if (next !== null) return next;
  if (walk.queue.setAside.length === 0 || walk.waitingOutHold) return null;
  const firstEnd = firstHoldEnd(walk.queue);
  if (firstEnd - nowMs > walk.deadline - clock.monotonicMs()) {
    log.info(
      `round ${walk.roundId}: ${walk.queue.setAside.length} source(s) held by Retry-After past the budget stay due for the next round`,
    );
    walk.tally.leftForHostHold = walk.queue.setAside.length;
    walk.stopped = true;
    return null;
  }
  walk.waitingOutHold = true;
  await clock.sleep(Math.max(1, Math.min(HOLD_POLL_MS, firstEnd - nowMs)));
  walk.waitingOutHold = false;
  return "wait";
}

async function fetchOne(
  db: Db,
  settings: RoundSettings,
  walk: Walk,
  options: WalkOptions,
  lease: LeaseInput | null,
  listed: ListedSource,
): Promise<void> {
  const { clock } = settings;
  const source = await rereadSource(db, listed.id);
  // Removed, or disabled by the person since the round began (a manual fetch is their own request).
  if (!source || (!source.enabled && options.sourceId === undefined)) return;
  // Another instance sharing the round fetched it after this one listed it.
  if (walk.fetchedSince && source.lastFetchedAt && source.lastFetchedAt >= walk.fetchedSince) return;
  // Renewed now and then, not per source: a long round keeps its lease at little cost.
  if (lease && clock.monotonicMs() - walk.leaseRenewedAt > lease.ttlMs / 4) {
    walk.leaseRenewedAt = clock.monotonicMs();
    // A round that lost its lease (this process stalled past the TTL) must not go on fetching.
    if (!(await acquireLease(db, { ...lease, now: clock.now() }))) walk.stopped = true;
  }
  if (walk.stopped) return;
  const line = await fetchAndRecord(db, settings, source, {
    roundId: walk.roundId,
    manual: options.trigger === "manual",
    offline: (attempt) => looksOffline((walk.offlineTally = countAttempt(walk.offlineTally, attempt.errorKind))),
  });
  walk.lines.push(line);
  addToTally(walk.tally, line);
  // Our own database failed: no other source would fare better; the round ends as failed.
  if (line.errorKind === "database") walk.stopped = true;
  const hold = line.hostHoldUntil;
  if (hold) walk.queue.holds.set(hostOf(source.feedUrl), hold.getTime());
  if (looksOffline(walk.offlineTally) && !walk.tally.offline) {
    walk.tally.offline = true;
    walk.stopped = true;
    await forgiveEarlierNetworkErrors(db, walk.lines);
    log.warn(
      `round ${walk.roundId}: most fetches failed at the network level; this machine looks offline, stopping the round`,
    );
  }
}

/**
 * Whether to read the next batch now. Bounded: past two pages' worth of queued sources (a busy
 * domain's surplus) no more is read, and the lanes work through what is queued.
 */
function wantsMore(walk: Walk, settings: RoundSettings, nowMs: number): boolean {
  const queued = walk.queue.queue.length;
  if (!walk.more.hasMore() || queued >= 2 * (settings.duePageSize ?? DUE_PAGE_SIZE)) return false;
  if (queued < QUEUED_PER_LANE * settings.laneQueue.lanes) return true;
  return !hasReadySource(walk.queue, settings.laneQueue, settings.hostGapMs, nowMs);
}

/** The next batch onto the queue; none once the walk has stopped (the budget: no new claims). */
async function refill(walk: Walk, more: SourceFeed): Promise<void> {
  try {
    if (walk.stopped) return;
    addToQueue(walk.queue, await more.take());
    walk.tally.sourcesDue = more.dueCount();
  } catch (error) {
    walk.refillError = error;
    walk.stopped = true;
  }
}

/** The budget is spent: what is left stays due, counted once by the first lane to see it. */
function closeForBudget(walk: Walk, nowMs: number): void {
  if (walk.stopped) return;
  walk.stopped = true;
  const left = listLeft(walk.queue);
  const unread = walk.more.notTaken();
  walk.tally.budgetExhausted = left.length + unread > 0;
  // A source whose host is held would not have been asked even with time left: the hold kept it.
  walk.tally.leftForHostHold = left.filter((listed) => isHeld(walk.queue, listed, nowMs)).length;
  walk.tally.leftForBudget = left.length - walk.tally.leftForHostHold + unread;
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
