// The one lane of a process: every request Tidings makes to a publisher (round, subscription,
// discovery, redirect hop, robots.txt, "fetch now") takes a turn here. One turn at a time, so one
// request in flight per process; and at least `gapMs` between the end of one request and the start
// of the next to the same registrable domain (politenessKeyOf), whoever asked for them. The
// process's lane lives on globalThis: the round, the server actions and the CLI of one process
// share it. A benchmark on a virtual clock makes its own (createLaneQueue), so its gap is kept
// (and waited) in virtual time without touching the process's.
// (Across instances, the round lease keeps rounds apart; a hold from Retry-After is in the database.)
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import type { LaneTurn, RequestLane } from "@/lib/pipeline/fetch/types";
import { systemClock, type Clock } from "@/lib/base/clock";
import { remember } from "@/lib/base/remember";

export type LaneQueue = { clock: Clock; tail: Promise<void>; lastEnd: Map<string, number> };

/** Entries older than this cannot hold anyone back (the gap is capped at a minute): forgotten. */
const FORGET_AFTER_MS = 120_000;

/** A lane of its own, keeping time on `clock` (the process's lane uses the system clock). */
export function createLaneQueue(clock: Clock): LaneQueue {
  return { clock, tail: Promise.resolve(), lastEnd: new Map() };
}

/** The process's one lane. */
export function processLaneQueue(): LaneQueue {
  return remember<LaneQueue>("request-lane", () => createLaneQueue(systemClock));
}

/** Waits for this process's turn and the domain's gap; the caller MUST release the turn. */
export async function takeTurn(
  url: URL,
  gapMs: number,
  lane: LaneQueue = processLaneQueue(),
): Promise<Extract<LaneTurn, { go: true }>> {
  const asked = lane.clock.monotonicMs();
  let open!: () => void;
  const previous = lane.tail;
  lane.tail = new Promise<void>((resolve) => (open = resolve));
  await previous;
  const key = politenessKeyOf(url.href);
  const wait = (lane.lastEnd.get(key) ?? Number.NEGATIVE_INFINITY) + gapMs - lane.clock.monotonicMs();
  if (wait > 0) await lane.clock.sleep(wait);
  let released = false;
  return {
    go: true,
    waitedMs: lane.clock.monotonicMs() - asked,
    release() {
      if (released) return;
      released = true;
      const now = lane.clock.monotonicMs();
      lane.lastEnd.set(key, now);
      for (const [other, end] of lane.lastEnd) if (now - end > FORGET_AFTER_MS) lane.lastEnd.delete(other);
      open();
    },
  };
}

/** The lane with one gap for every domain (TIDINGS_HOST_GAP_MS). */
export function laneWithGap(gapMs: number, lane: LaneQueue = processLaneQueue()): RequestLane {
  return (url) => takeTurn(url, gapMs, lane);
}
