// Everything a round needs to know, resolved once from the environment.
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { Env } from "@/lib/env";
import type { FetchOptions } from "@/lib/fetch/fetch-feed";
import { buildUserAgent } from "@/lib/fetch/build-user-agent";
import { createLaneQueue, laneWithGap, processLaneQueue, type LaneQueue } from "@/lib/round/request-lane";
import { systemClock, type Clock } from "@/lib/round/clock";
import { DEFAULT_POLICY_SETTINGS } from "@/lib/policy";
import type { PolicySettings } from "@/lib/policy/types";
import packageJson from "@/package.json";
import type { RobotsMode } from "@/lib/parse/judge-robots";

export type RoundSettings = {
  fetch: FetchOptions;
  hostGapMs: number;
  budgetMs: number;
  policy: PolicySettings;
  /** TIDINGS_ROBOTS: which robots.txt rules are obeyed (robots-lane.ts). */
  robots: RobotsMode;
  /** Names this process as a lease holder. */
  instanceId: string;
  /** Where the round reads time and sleeps (a benchmark injects a virtual one). */
  clock: Clock;
  /** The lane the robots.txt reads and `fetch.lane` take turns in: the process's, or a benchmark's own on its clock. */
  laneQueue: LaneQueue;
  /** TIDINGS_SHARED_ROUNDS: on PostgreSQL, several instances walk one round's sources (source-feed.ts). */
  sharedRounds?: boolean;
  /** Waits between tries of a failed round's last writes (default DATABASE_RETRY_DELAYS_MS). */
  databaseRetryDelaysMs?: readonly number[];
};

const PROCESS_INSTANCE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export function roundSettingsFromEnv(env: Env): RoundSettings {
  const maxIntervalSeconds = env.TIDINGS_MAX_INTERVAL * 60;
  const minIntervalSeconds = env.TIDINGS_MIN_INTERVAL * 60;
  return {
    fetch: {
      // A single-user reader: one subscriber per feed (the number publishers' log tools look for).
      userAgent: buildUserAgent({
        version: packageJson.version,
        publicUrl: env.TIDINGS_PUBLIC_URL ?? null,
        subscribers: 1,
      }),
      timeoutMs: env.TIDINGS_FETCH_TIMEOUT_MS,
      maxBodyBytes: env.TIDINGS_MAX_BODY_BYTES,
      allowPrivateNetworks: env.TIDINGS_ALLOW_PRIVATE_NETWORKS,
      // Every caller of fetchFeed with these options waits its turn in the process's lanes.
      lane: laneWithGap(env.TIDINGS_HOST_GAP_MS, processLaneQueue(env.TIDINGS_FETCH_LANES)),
    },
    hostGapMs: env.TIDINGS_HOST_GAP_MS,
    budgetMs: env.TIDINGS_ROUND_BUDGET_SECONDS * 1000,
    policy: {
      ...DEFAULT_POLICY_SETTINGS,
      minIntervalSeconds,
      // The 15-minute bound guards a user's per-source setting; an operator who lowers the global
      // floor below it (the demo, a private test feed) has decided for the whole installation.
      userFloorSeconds: Math.min(DEFAULT_POLICY_SETTINGS.userFloorSeconds, minIntervalSeconds),
      maxIntervalSeconds,
      backoffCapSeconds: Math.min(DEFAULT_POLICY_SETTINGS.backoffCapSeconds, maxIntervalSeconds),
      breakerCooldownCapSeconds: Math.min(DEFAULT_POLICY_SETTINGS.breakerCooldownCapSeconds, maxIntervalSeconds),
    },
    robots: env.TIDINGS_ROBOTS,
    sharedRounds: env.TIDINGS_SHARED_ROUNDS,
    instanceId: PROCESS_INSTANCE_ID,
    clock: systemClock,
    laneQueue: processLaneQueue(env.TIDINGS_FETCH_LANES),
  };
}

/**
 * The same settings on another clock (a benchmark's virtual one), with a lane of their own on that
 * clock: the process's lane keeps real time, and its gaps must not mix with virtual ones.
 */
export function onClock(settings: RoundSettings, clock: Clock): RoundSettings {
  // One lane: a virtual clock moves on at every sleep, so it serves one serial walk (clock.ts).
  return onLanes({ ...settings, clock }, createLaneQueue(clock, 1));
}

/** The same settings taking their turns in `laneQueue` (a benchmark's or a test's own lanes). */
export function onLanes(settings: RoundSettings, laneQueue: LaneQueue): RoundSettings {
  return { ...settings, laneQueue, fetch: { ...settings.fetch, lane: laneWithGap(settings.hostGapMs, laneQueue) } };
}
