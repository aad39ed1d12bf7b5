// One retention run: remove what has expired, give the room back (SQLite), and remember what was
// done for the health page. Runs in the background with the fetch log's pruning
// (lib/health/prune-schedule.ts), never in a request.
import type { Db } from "@/lib/db/client";
import { reclaimFreeSpace } from "@/lib/db/database-space";
import { writeSetting } from "@/lib/settings/setting-store";
import { removeExpiredArticles, type RetentionOptions } from "@/lib/pipeline/store/retention/remove-expired-articles";
import { type RetentionRun } from "@/lib/pipeline/store/retention/retention-run";

export async function runRetention(db: Db, now: Date, options: RetentionOptions): Promise<RetentionRun> {
  const removal = await removeExpiredArticles(db, now, options);
  // Nothing deleted, nothing to give back (and an old SQLite file is not rewritten for nothing).
  const reclaimed = removal.removed > 0 ? await reclaimFreeSpace(db) : null;
  const run: RetentionRun = {
    finishedAt: new Date().toISOString(),
    installationDays: options.installationDays,
    ...removal,
    reclaimedBytes: reclaimed?.bytes ?? null,
    switchedToIncremental: reclaimed?.switchedToIncremental ?? false,
  };
  await writeSetting(db, "retentionLastRun", JSON.stringify(run));
  return run;
}
