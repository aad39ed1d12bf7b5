// "Take this domain's turn, then run this request": the door for callers outside the round that
// ask a publisher for something (article pages, icons). The turn is the one every fetch takes
// (robots-lane.ts): nothing during the host's Retry-After hold, robots.txt read and obeyed, the
// domain's gap and Crawl-delay, one request per domain across the process's lanes and, through
// the database, across processes. A request that follows redirects itself should rather call
// fetchFeed with withRobots(db, settings).fetch, whose every hop takes its own turn.
import type { Db } from "@/lib/db/client";
import type { ErrorKind } from "@/lib/pipeline/fetch/types";
import { robotsLane } from "@/lib/pipeline/lanes/robots-lane";
import type { LaneSettings } from "@/lib/pipeline/lanes/lane-settings";

export type LaneRun<T> = { go: true; value: T } | { go: false; errorKind: ErrorKind; detail: string };

/** Waits for the URL's domain turn, runs `request` in it, gives the turn back; a refused turn runs nothing. */
export async function runInLane<T>(
  db: Db,
  settings: LaneSettings,
  url: URL,
  request: () => Promise<T>,
): Promise<LaneRun<T>> {
  const turn = await robotsLane(db, settings)(url);
  if (!turn.go) return turn;
  try {
    return { go: true, value: await request() };
  } finally {
    await turn.release();
  }
}
