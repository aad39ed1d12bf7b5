// The one lane of a process: every request Tidings makes to a publisher (round, subscription,
// discovery, redirect hop, robots.txt, "fetch now") takes a turn here. One turn at a time, so one
// request in flight per process; and at least `gapMs` between the end of one request and the start
// of the next to the same registrable domain (politenessKeyOf), whoever asked for them. The state
// lives on globalThis: the round, the server actions and the CLI of one process share it.
// (Across instances, the round lease keeps rounds apart; a hold from Retry-After is in the database.)
import { politenessKeyOf } from "@/lib/fetch/host-of";
import type { LaneTurn, RequestLane } from "@/lib/fetch/types";
import { remember } from "@/lib/remember";

type LaneState = { tail: Promise<void>; lastEnd: Map<string, number> };

const state = () => remember<LaneState>("request-lane", () => ({ tail: Promise.resolve(), lastEnd: new Map() }));

/** Entries older than this cannot hold anyone back (the gap is capped at a minute): forgotten. */
const FORGET_AFTER_MS = 120_000;

/** Waits for this process's turn and the domain's gap; the caller MUST release the turn. */
export async function takeTurn(url: URL, gapMs: number): Promise<Extract<LaneTurn, { go: true }>> {
  const lane = state();
  let open!: () => void;
  const previous = lane.tail;
  lane.tail = new Promise<void>((resolve) => (open = resolve));
  await previous;
  const key = politenessKeyOf(url.href);
  const wait = (lane.lastEnd.get(key) ?? Number.NEGATIVE_INFINITY) + gapMs - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  let released = false;
  return {
    go: true,
    release() {
      if (released) return;
      released = true;
      const now = performance.now();
      lane.lastEnd.set(key, now);
      for (const [other, end] of lane.lastEnd) if (now - end > FORGET_AFTER_MS) lane.lastEnd.delete(other);
      open();
    },
  };
}

/** The lane with one gap for every domain (TIDINGS_HOST_GAP_MS). */
export function laneWithGap(gapMs: number): RequestLane {
  return (url) => takeTurn(url, gapMs);
}
