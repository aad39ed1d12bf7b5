// The lanes of a process: every request Tidings makes to a publisher (round, subscription,
// discovery, redirect hop, robots.txt, "fetch now") takes a turn here. At most `lanes` turns are
// out at once (TIDINGS_FETCH_LANES, 1 by default: one request in flight per process), never two
// for one registrable domain (politenessKeyOf), and at least `gapMs` between the end of one request
// and the start of the next to the same domain, whoever asked for them.
//
// No head-of-line blocking: a caller whose domain is busy or inside its gap holds no lane; the
// free lanes go to the first waiters whose domains may be asked now. Waiters of one domain keep
// their order. The process's lanes live on globalThis: the round, the server actions and the CLI
// of one process share them. A benchmark on a virtual clock makes its own (createLaneQueue), so
// its gap is kept (and waited) in virtual time without touching the process's.
// (Across processes and instances, shared-domain-turn.ts claims the domain in the database too.)
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import type { LaneTurn, RequestLane } from "@/lib/pipeline/fetch/types";
import { systemClock, type Clock } from "@/lib/base/clock";
import { remember } from "@/lib/base/remember";

type Waiter = { key: string; gapMs: number; grant: () => void };

export type LaneQueue = {
  clock: Clock;
  /** How many turns may be out at once (each for another registrable domain). */
  lanes: number;
  /** Domains with a turn out now. */
  busy: Set<string>;
  /** Domain → when its last turn ended (monotonic ms). */
  lastEnd: Map<string, number>;
  /** Callers waiting for a turn, in the order they asked. */
  waiting: Waiter[];
  /** When the earliest wake-up already asked of the clock comes (null: none pending). */
  wakeAt: number | null;
};

/** Entries older than this cannot hold anyone back (the gap is capped at a minute): forgotten. */
const FORGET_AFTER_MS = 120_000;

/** Lanes of their own, keeping time on `clock` (the process's use the system clock). */
export function createLaneQueue(clock: Clock, lanes = 1): LaneQueue {
  return { clock, lanes, busy: new Set(), lastEnd: new Map(), waiting: [], wakeAt: null };
}

/**
 * The process's lanes. The first caller sets how many (round-settings.ts passes
 * TIDINGS_FETCH_LANES); later callers share them as they are.
 */
export function processLaneQueue(lanes = 1): LaneQueue {
  return remember<LaneQueue>("request-lane", () => createLaneQueue(systemClock, lanes));
}

/** Waits for a lane, the domain's turn and its gap; the caller MUST release the turn. */
export async function takeTurn(
  url: URL,
  gapMs: number,
  lane: LaneQueue = processLaneQueue(),
): Promise<Extract<LaneTurn, { go: true }>> {
  const asked = lane.clock.monotonicMs();
  const key = politenessKeyOf(url.href);
  await new Promise<void>((grant) => {
    lane.waiting.push({ key, gapMs, grant });
    grantTurns(lane);
  });
  let released = false;
  return {
    go: true,
    waitedMs: lane.clock.monotonicMs() - asked,
    release() {
      if (released) return;
      released = true;
      const now = lane.clock.monotonicMs();
      lane.busy.delete(key);
      lane.lastEnd.set(key, now);
      for (const [other, end] of lane.lastEnd) if (now - end > FORGET_AFTER_MS) lane.lastEnd.delete(other);
      grantTurns(lane);
    },
  };
}

/** How long until a turn for this registrable domain (politenessKeyOf) could start now, counting only its gap (0 when free). */
export function msUntilDomainFree(lane: LaneQueue, key: string, gapMs: number): number {
  if (lane.busy.has(key)) return Number.POSITIVE_INFINITY;
  return Math.max(0, (lane.lastEnd.get(key) ?? Number.NEGATIVE_INFINITY) + gapMs - lane.clock.monotonicMs());
}

/** Hands free lanes to the first waiters whose domains may be asked now; wakes up for the next gap's end. */
function grantTurns(lane: LaneQueue): void {
  const now = lane.clock.monotonicMs();
  const seen = new Set<string>();
  let nextReady = Number.POSITIVE_INFINITY;
  for (let index = 0; index < lane.waiting.length && lane.busy.size < lane.lanes;) {
    const waiter = lane.waiting[index]!;
    // Only a domain's first waiter may go: its later waiters keep their order behind it.
    if (lane.busy.has(waiter.key) || seen.has(waiter.key)) {
      seen.add(waiter.key);
      index += 1;
      continue;
    }
    seen.add(waiter.key);
    const readyAt = (lane.lastEnd.get(waiter.key) ?? Number.NEGATIVE_INFINITY) + waiter.gapMs;
    if (readyAt > now) {
      nextReady = Math.min(nextReady, readyAt);
      index += 1;
      continue;
    }
    lane.waiting.splice(index, 1);
    lane.busy.add(waiter.key);
    waiter.grant();
  }
  // A full set of lanes wakes the waiters itself (release); otherwise the clock must.
  if (nextReady === Number.POSITIVE_INFINITY || lane.busy.size >= lane.lanes) return;
  if (lane.wakeAt !== null && lane.wakeAt <= nextReady) return;
  lane.wakeAt = nextReady;
  void lane.clock.sleep(nextReady - now).then(() => {
    if (lane.wakeAt === nextReady) lane.wakeAt = null;
    grantTurns(lane);
  });
}

/** The lanes with one gap for every domain (TIDINGS_HOST_GAP_MS). */
export function laneWithGap(gapMs: number, lane: LaneQueue = processLaneQueue()): RequestLane {
  return (url) => takeTurn(url, gapMs, lane);
}
