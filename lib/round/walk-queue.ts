// What a round's walk has left to fetch, and which source a free lane takes next. With several
// lanes the next source is one whose registrable domain this walk is not already fetching and
// whose gap has passed, so that no lane sits waiting behind a busy publisher while others have
// work (no head-of-line blocking); the lanes themselves (request-lane.ts) keep the rule whatever
// is picked. Sources whose host NAME is under a Retry-After hold are set aside until it ends.
import { hostOf, politenessKeyOf } from "@/lib/fetch/host-of";
import type { HostHolds, ListedSource } from "@/lib/round/due-sources";
import { msUntilDomainFree, type LaneQueue } from "@/lib/round/request-lane";

/** How far down the queue a lane looks for a domain it may ask now (bounds the cost of a pick). */
const LOOKAHEAD = 256;

export type WalkQueue = {
  queue: ListedSource[];
  setAside: ListedSource[];
  /** Host name → end of its Retry-After hold (epoch ms, on the round's clock). */
  holds: Map<string, number>;
  /** Registrable domain → how many of its fetches this walk has in progress. */
  inProgress: Map<string, number>;
};

export function createWalkQueue(sources: ListedSource[], holds: HostHolds): WalkQueue {
  return {
    queue: [...sources],
    setAside: [],
    holds: new Map([...holds].map(([host, until]) => [host, until.getTime()])),
    inProgress: new Map(),
  };
}

export function isHeld(walk: WalkQueue, listed: ListedSource, nowMs: number): boolean {
  return (walk.holds.get(hostOf(listed.feedUrl)) ?? 0) > nowMs;
}

/** Every source not fetched yet, queued or set aside. */
export function listLeft(walk: WalkQueue): ListedSource[] {
  return [...walk.queue, ...walk.setAside];
}

/**
 * Takes the next source off the queue: the first whose domain is free now, else the first whose
 * domain this walk is not fetching, else the first. Held sources met on the way are set aside.
 * Null when the queue is empty (set-aside sources are taken with takeReleased).
 */
export function takeNext(walk: WalkQueue, lanes: LaneQueue, gapMs: number, nowMs: number): ListedSource | null {
  let notInProgress = -1;
  for (let index = 0; index < walk.queue.length && index < LOOKAHEAD;) {
    const listed = walk.queue[index]!;
    if (isHeld(walk, listed, nowMs)) {
      walk.setAside.push(...walk.queue.splice(index, 1));
      continue;
    }
    if (!walk.inProgress.has(politenessKeyOf(listed.feedUrl))) {
      if (msUntilDomainFree(lanes, listed.feedUrl, gapMs) === 0) return claim(walk, walk.queue, index);
      if (notInProgress < 0) notInProgress = index;
    }
    index += 1;
  }
  if (walk.queue.length === 0) return null;
  return claim(walk, walk.queue, Math.max(notInProgress, 0));
}

/** Whether some queued source could be asked now (its domain free, not held): else more work helps. */
export function hasReadySource(walk: WalkQueue, lanes: LaneQueue, gapMs: number, nowMs: number): boolean {
  return walk.queue
    .slice(0, LOOKAHEAD)
    .some(
      (listed) =>
        !isHeld(walk, listed, nowMs) &&
        !walk.inProgress.has(politenessKeyOf(listed.feedUrl)) &&
        msUntilDomainFree(lanes, listed.feedUrl, gapMs) === 0,
    );
}

/** A set-aside source whose hold has ended, if any. */
export function takeReleased(walk: WalkQueue, nowMs: number): ListedSource | null {
  const ready = walk.setAside.findIndex((candidate) => !isHeld(walk, candidate, nowMs));
  return ready < 0 ? null : claim(walk, walk.setAside, ready);
}

/** When the earliest hold among the set-aside sources ends (epoch ms). */
export function firstHoldEnd(walk: WalkQueue): number {
  return Math.min(...walk.setAside.map((candidate) => walk.holds.get(hostOf(candidate.feedUrl)) ?? 0));
}

/** The fetch of this source is over: its domain may be picked again. */
export function finishSource(walk: WalkQueue, listed: ListedSource): void {
  const key = politenessKeyOf(listed.feedUrl);
  const count = (walk.inProgress.get(key) ?? 0) - 1;
  if (count > 0) walk.inProgress.set(key, count);
  else walk.inProgress.delete(key);
}

function claim(walk: WalkQueue, from: ListedSource[], index: number): ListedSource {
  const [listed] = from.splice(index, 1);
  const key = politenessKeyOf(listed!.feedUrl);
  walk.inProgress.set(key, (walk.inProgress.get(key) ?? 0) + 1);
  return listed!;
}
