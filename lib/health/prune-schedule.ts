// Background pruning of the fetch log: the lead's server start calls startPruneSchedule(db) and
// its shutdown calls stopPruneSchedule(). The next run is scheduled only when the current one has
// finished (never two at once), the timer never keeps the process alive, and the state lives on
// globalThis so a second register() or a dev reload cannot start a second timer.
import type { Db } from "@/lib/db/prisma-client";
import { remember } from "@/lib/remember";
import { createLogger } from "@/lib/log";
import { describeError } from "@/lib/describe-error";
import { pruneFetchLog } from "@/lib/store/prune-fetch-log";
import { prunePageFetches } from "@/lib/store/prune-page-fetches";

const log = createLogger("prune");

export const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first run waits a little: a server that just started has rounds and pages to serve first. */
export const PRUNE_FIRST_AFTER_MS = 10 * 60 * 1000;

type PruneState = { timer: NodeJS.Timeout | null; running: Promise<void> | null; stopping: boolean };
const state = () => remember<PruneState>("prune-schedule", () => ({ timer: null, running: null, stopping: false }));

export function startPruneSchedule(db: Db, options: { everyMs?: number; firstAfterMs?: number } = {}): void {
  const schedule = state();
  if (schedule.timer || schedule.running) return;
  schedule.stopping = false;
  const everyMs = options.everyMs ?? PRUNE_EVERY_MS;
  const arm = (delayMs: number) => {
    schedule.timer = setTimeout(() => {
      schedule.timer = null;
      schedule.running = runOnce(db, () => schedule.stopping).finally(() => {
        schedule.running = null;
        if (!schedule.stopping) arm(everyMs);
      });
    }, delayMs);
    schedule.timer.unref();
  };
  arm(options.firstAfterMs ?? PRUNE_FIRST_AFTER_MS);
}

/** Cancels the timer; a run in progress stops after its current batch. */
export async function stopPruneSchedule(): Promise<void> {
  const schedule = state();
  schedule.stopping = true;
  if (schedule.timer) clearTimeout(schedule.timer);
  schedule.timer = null;
  await schedule.running;
}

async function runOnce(db: Db, shouldStop: () => boolean): Promise<void> {
  try {
    const report = await pruneFetchLog(db, new Date(), { shouldStop });
    if (report.deleted > 0)
      log.info(`pruned ${report.deleted} fetch rows of ${report.sources} sources in ${report.batches} batches`);
    const pages = await prunePageFetches(db, new Date(), { shouldStop });
    if (pages > 0) log.info(`pruned ${pages} page and icon request rows`);
  } catch (error) {
    log.error(`pruning the fetch log failed: ${describeError(error)}`);
  }
}
