// What the lanes need of a round's settings (round-settings.ts): the fetch options, the gap, the
// robots.txt mode, the queue of turns and the clock it keeps time on.
import type { Clock } from "@/lib/base/clock";
import type { FetchOptions } from "@/lib/pipeline/fetch/fetch-feed";
import type { RobotsMode } from "@/lib/pipeline/parse/judge-robots";
import type { LaneQueue } from "@/lib/pipeline/lanes/request-lane";

export type LaneSettings = {
  fetch: FetchOptions;
  hostGapMs: number;
  /** TIDINGS_ROBOTS: which robots.txt rules are obeyed (robots-lane.ts). */
  robots: RobotsMode;
  /** Where the round reads time and sleeps (a benchmark injects a virtual one). */
  clock: Clock;
  /** The lane the robots.txt reads and `fetch.lane` take turns in: the process's, or a benchmark's own on its clock. */
  laneQueue: LaneQueue;
  /** Names this process in the domain turns it claims in the database (shared-domain-turn.ts). */
  instanceId: string;
};
