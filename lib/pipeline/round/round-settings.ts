// Everything a round needs to know, resolved once from the environment.
import { PROCESS_IDENTITY } from "@/lib/base/process-identity";
import type { Env } from "@/lib/base/env";
import { userAgentFromEnv } from "@/lib/pipeline/fetch/build-user-agent";
import { createLaneQueue, laneWithGap, processLaneQueue, type LaneQueue } from "@/lib/pipeline/lanes/request-lane";
import { systemClock, type Clock } from "@/lib/base/clock";
import { DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import type { PolicySettings } from "@/lib/pipeline/policy/types";
import type { LaneSettings } from "@/lib/pipeline/lanes/lane-settings";
import type { Db } from "@/lib/db/client";
import { webSubSettingsFromEnv, type WebSubSettings } from "@/lib/pipeline/websub/websub-settings";

export type RoundSettings = LaneSettings & {
  budgetMs: number;
  policy: PolicySettings;
  /** TIDINGS_ICONS: whether rounds look for the sites' icons (refresh-due-icons.ts). */
  icons: boolean;
  /** TIDINGS_SHARED_ROUNDS: on PostgreSQL, several instances walk one round's sources (source-feed.ts). */
  sharedRounds?: boolean;
  /** Due sources read from the database at a time (source-feed.ts; default DUE_PAGE_SIZE, tests page by a few). */
  duePageSize?: number;
  /** Waits between tries of a failed round's last writes (default DATABASE_RETRY_DELAYS_MS). */
  databaseRetryDelaysMs?: readonly number[];
  /**
   * Runs under the lease after a completed round (the alert rules, wired in by the callers that
   * run rounds: lib/entry). Never throws: a failure here is the hook's to record.
   */
  afterRound?: AfterRound;
  /** WebSub (lib/pipeline/websub), on only with TIDINGS_PUBLIC_URL: a hub needs a callback it can reach. */
  webSub?: WebSubSettings | null;
};

export type AfterRound = (db: Db, input: { now: Date; fetchedSourceIds: number[] }) => Promise<void>;

export function roundSettingsFromEnv(env: Env): RoundSettings {
  const maxIntervalSeconds = env.TIDINGS_MAX_INTERVAL * 60;
  const minIntervalSeconds = env.TIDINGS_MIN_INTERVAL * 60;
  // A single-user reader: one subscriber per feed (the number publishers' log tools look for).
  const userAgent = userAgentFromEnv(env, 1);
  return {
    fetch: {
      userAgent,
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
    icons: env.TIDINGS_ICONS,
    sharedRounds: env.TIDINGS_SHARED_ROUNDS,
    instanceId: PROCESS_IDENTITY,
    clock: systemClock,
    laneQueue: processLaneQueue(env.TIDINGS_FETCH_LANES),
    webSub: webSubSettingsFromEnv(env, userAgent),
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
