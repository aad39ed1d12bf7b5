// Background pruning of the fetch log and the alert history, and retention of read articles
// (lib/pipeline/store/retention): the server's start calls
// startPruneSchedule(db) and its shutdown stopPruneSchedule(). One run at a time, never keeping
// the process alive (repeating-task.ts).
import type { Db } from "@/lib/db/client";
import { repeatingTask } from "@/lib/base/repeating-task";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import { pruneFetchLog } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { pruneAlertHistory } from "@/lib/features/alerts/prune-alert-history";
import { getEnv } from "@/lib/base/env";
import { runRetention } from "@/lib/pipeline/store/retention/run-retention";
import { formatBytes } from "@/lib/pipeline/fetch/format-bytes";

const log = createLogger("prune");

export const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first run waits a little: a server that just started has rounds and pages to serve first. */
export const PRUNE_FIRST_AFTER_MS = 10 * 60 * 1000;

const prune = repeatingTask("prune-schedule");

export function startPruneSchedule(db: Db, options: { everyMs?: number; firstAfterMs?: number } = {}): void {
  prune.start({
    everyMs: options.everyMs ?? PRUNE_EVERY_MS,
    firstAfterMs: options.firstAfterMs ?? PRUNE_FIRST_AFTER_MS,
    run: (shouldStop) => runOnce(db, shouldStop),
  });
}

/** Cancels the timer; a run in progress stops after its current batch. */
export function stopPruneSchedule(): Promise<void> {
  return prune.stop();
}

async function runOnce(db: Db, shouldStop: () => boolean): Promise<void> {
  try {
    const report = await pruneFetchLog(db, new Date(), { shouldStop });
    if (report.deleted > 0)
      log.info(`pruned ${report.deleted} fetch rows of ${report.sources} sources in ${report.batches} batches`);
  } catch (error) {
    log.error(`pruning the fetch log failed: ${describeError(error)}`);
  }
  if (shouldStop()) return;
  try {
    const alerts = await pruneAlertHistory(db, new Date());
    if (alerts.attempts + alerts.alerts > 0)
      log.info(`pruned ${alerts.attempts} notification attempts and ${alerts.alerts} cleared alerts`);
  } catch (error) {
    log.error(`pruning the alert history failed: ${describeError(error)}`);
  }
  // Retention of read articles runs on the same background schedule, after the logs' pruning.
  if (shouldStop()) return;
  try {
    const days = getEnv().TIDINGS_RETENTION_DAYS;
    const run = await runRetention(db, new Date(), { installationDays: days, shouldStop });
    if (run.switchedToIncremental) log.info("SQLite switched to incremental auto-vacuum (one VACUUM)");
    if (run.removed > 0)
      log.info(
        `retention: removed ${run.removed} read articles of ${run.sources} sources in ${run.batches} batches` +
          (run.reclaimedBytes === null ? "" : `, ${formatBytes(run.reclaimedBytes)} given back`),
      );
  } catch (error) {
    log.error(`retention failed: ${describeError(error)}`);
  }
}
