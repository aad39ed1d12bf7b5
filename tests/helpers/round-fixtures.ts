// Shared set-up for round tests: settings suited to a local publisher, and sources that are due.
import type { Db } from "@/lib/db/client";
import { DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { laneWithGap, processLaneQueue } from "@/lib/pipeline/lanes/request-lane";
import { systemClock } from "@/lib/base/clock";
import { readerId } from "@/tests/helpers/reader-user";
import { evaluateAlertsSafely } from "@/lib/features/alerts/evaluate-alerts";

export function testRoundSettings(
  overrides: Omit<Partial<RoundSettings>, "fetch"> & { fetch?: Partial<RoundSettings["fetch"]> } = {},
): RoundSettings {
  const { fetch, ...rest } = overrides;
  const hostGapMs = rest.hostGapMs ?? 0;
  return {
    fetch: {
      userAgent: "Tidings/0.1.0 (+https://github.com/tidings-reader/tidings; self-hosted feed reader; 1 subscriber)",
      timeoutMs: 3000,
      maxBodyBytes: 10 * 1024 * 1024,
      // The local publisher lives on 127.0.0.1: tests turn the private-network switch on explicitly.
      allowPrivateNetworks: true,
      lane: laneWithGap(hostGapMs),
      ...fetch,
    },
    hostGapMs,
    budgetMs: 60_000,
    policy: DEFAULT_POLICY_SETTINGS,
    // Tests that do not care about robots.txt keep it out of their request counts.
    robots: "off",
    // Likewise the sites' icons: the tests of icons turn them on.
    icons: false,
    instanceId: "test-instance",
    // A test on a virtual clock wraps these in onClock (round-settings.ts): a lane of its own.
    clock: systemClock,
    laneQueue: processLaneQueue(),
    // As every process that runs rounds does (lib/entry): the alert rules after each round.
    afterRound: evaluateAlertsSafely,
    ...rest,
  };
}

/** Adds a source that is due now (in a folder if named); returns its id. */
export async function addDueSource(
  db: Db,
  feedUrl: string,
  title = feedUrl,
  folderName: string | null = null,
): Promise<number> {
  return createSource(db, { userId: await readerId(db), feedUrl, title, customTitle: null, folderName });
}

/** Makes every source due again, as if its interval had passed. */
export async function makeAllDue(db: Db): Promise<void> {
  await db.source.updateMany({ data: { nextDueAt: new Date(Date.now() - 1000) } });
}
