// Everything a round needs to know, resolved once from the environment.
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import type { Env } from "@/lib/env";
import type { FetchOptions } from "@/lib/fetch/fetch-feed";
import { buildUserAgent } from "@/lib/fetch/build-user-agent";
import { DEFAULT_POLICY_SETTINGS } from "@/lib/policy";
import type { PolicySettings } from "@/lib/policy/types";
import packageJson from "@/package.json";

export type RoundSettings = {
  fetch: FetchOptions;
  hostGapMs: number;
  budgetMs: number;
  policy: PolicySettings;
  /** Names this process as a lease holder. */
  instanceId: string;
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
      userAgent: buildUserAgent({ version: packageJson.version, publicUrl: env.TIDINGS_PUBLIC_URL ?? null, subscribers: 1 }),
      timeoutMs: env.TIDINGS_FETCH_TIMEOUT_MS,
      maxBodyBytes: env.TIDINGS_MAX_BODY_BYTES,
      allowPrivateNetworks: env.TIDINGS_ALLOW_PRIVATE_NETWORKS,
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
    instanceId: PROCESS_INSTANCE_ID,
  };
}
