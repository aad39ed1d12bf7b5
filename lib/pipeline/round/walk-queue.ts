// What a round's walk has left to fetch, and which source a free lane takes next. With several
// lanes the next source is one whose registrable domain this walk is not already fetching and
// whose gap has passed, so that no lane sits waiting behind a busy publisher while others have
// work (no head-of-line blocking); the lanes themselves (request-lane.ts) keep the rule whatever
// is picked. Sources whose host NAME is under a Retry-After hold are set aside until it ends.
import { hostOf, politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import type { HostHolds, ListedSource } from "@/lib/pipeline/round/due-sources";
import { msUntilDomainFree, type LaneQueue } from "@/lib/pipeline/lanes/request-lane";
import { interleaveByHost } from "@/lib/pipeline/round/interleave-by-host";

/** How far down the queue a lane looks for a domain it may ask now (bounds the cost of a pick). */
const LOOKAHEAD = 256;

/** A listed source with its host name and registrable domain, worked out once (a pick looks at hundreds). */
export type QueuedSource = ListedSource & { host: string; key: string };

export type WalkQueue = {
  queue: QueuedSource[];
  setAside: QueuedSource[];
  /** Host name → end of its Retry-After hold (epoch ms, on the round's clock). */
  holds: Map<string, number>;
  /** Registrable domain → how many of its fetches this walk has in progress. */
  inProgress: Map<string, number>;
};

function toQueued(sources: readonly ListedSource[]): QueuedSource[] {
  return sources.map((listed) => ({ ...listed, host: hostOf(listed.feedUrl), key: politenessKeyOf(listed.feedUrl) }));
}

export function createWalkQueue(sources: ListedSource[], holds: HostHolds): WalkQueue {
  return {
    queue: toQueued(sources),
    setAside: [],
    holds: new Map([...holds].map(([host, until]) => [host, until.getTime()])),
    inProgress: new Map(),
  };
}

/**
 * The next batch onto the queue, the whole queue interleaved again: a busy domain's surplus from
 * the batches before would otherwise fill the front that takeNext looks at, and hide the new
 * domains behind it.
 */
export function addToQueue(walk: WalkQueue, sources: readonly ListedSource[]): void {
  walk.queue = interleaveByHost([...walk.queue, ...toQueued(sources)], (queued) => queued.key);
}

export function isHeld(walk: WalkQueue, queued: QueuedSource, nowMs: number): boolean {
  return (walk.holds.get(queued.host) ?? 0) > nowMs;
}

/** Every source not fetched yet, queued or set aside. */
export function listLeft(walk: WalkQueue): QueuedSource[] {
  return [...walk.queue, ...walk.setAside];
}

/** Free now: not held, its domain not being fetched by this walk, and its gap passed. */
function isReady(walk: WalkQueue, queued: QueuedSource, lanes: LaneQueue, gapMs: number, nowMs: number): boolean {
  return (
    !isHeld(walk, queued, nowMs) &&
    !walk.inProgress.has(queued.key) &&
    msUntilDomainFree(lanes, queued.key, gapMs) === 0
  );
}

/**
 * Takes the next source off the queue: the first whose domain is free now, else the first whose
 * domain this walk is not fetching, else the first. Held sources met on the way are set aside.
 * Null when the queue is empty (set-aside sources are taken with takeReleased).
 */
export function takeNext(walk: WalkQueue, lanes: LaneQueue, gapMs: number, nowMs: number): QueuedSource | null {
  let notInProgress = -1;
  for (let index = 0; index < walk.queue.length && index < LOOKAHEAD;) {
    const queued = walk.queue[index]!;
    if (isHeld(walk, queued, nowMs)) {
      walk.setAside.push(...walk.queue.splice(index, 1));
      continue;
    }
    if (isReady(walk, queued, lanes, gapMs, nowMs)) return claim(walk, walk.queue, index);
    if (notInProgress < 0 && !walk.inProgress.has(queued.key)) notInProgress = index;
    index += 1;
  }
  if (walk.queue.length === 0) return null;
  return claim(walk, walk.queue, Math.max(notInProgress, 0));
}

/** Whether some queued source could be asked now: else more work (more domains) helps. */
export function hasReadySource(walk: WalkQueue, lanes: LaneQueue, gapMs: number, nowMs: number): boolean {
  return walk.queue.slice(0, LOOKAHEAD).some((queued) => isReady(walk, queued, lanes, gapMs, nowMs));
}

/** A set-aside source whose hold has ended, if any. */
export function takeReleased(walk: WalkQueue, nowMs: number): QueuedSource | null {
  const ready = walk.setAside.findIndex((candidate) => !isHeld(walk, candidate, nowMs));
  return ready < 0 ? null : claim(walk, walk.setAside, ready);
}

/** When the earliest hold among the set-aside sources ends (epoch ms). */
export function firstHoldEnd(walk: WalkQueue): number {
  return Math.min(...walk.setAside.map((candidate) => walk.holds.get(candidate.host) ?? 0));
}

/** The fetch of this source is over: its domain may be picked again. */
export function finishSource(walk: WalkQueue, queued: QueuedSource): void {
  const count = (walk.inProgress.get(queued.key) ?? 0) - 1;
  if (count > 0) walk.inProgress.set(queued.key, count);
  else walk.inProgress.delete(queued.key);
}

function claim(walk: WalkQueue, from: QueuedSource[], index: number): QueuedSource {
  const [queued] = from.splice(index, 1);
  walk.inProgress.set(queued!.key, (walk.inProgress.get(queued!.key) ?? 0) + 1);
  return queued!;
}
