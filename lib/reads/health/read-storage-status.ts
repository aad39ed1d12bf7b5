import "server-only";
// The health page's "Storage" section: the database's size and what retention last removed.
import type { Db } from "@/lib/db/client";
import { measureDatabaseSize, type DatabaseSize } from "@/lib/db/database-space";
import { providerOf } from "@/lib/db/client";
import { readSetting } from "@/lib/settings/setting-store";
import { parseRetentionRun, type RetentionRun } from "@/lib/pipeline/store/retention/retention-run";

export type StorageStatus = {
  provider: "sqlite" | "postgresql";
  size: DatabaseSize;
  retentionDays: number;
  /** Retention runs on the scheduler's background schedule (TIDINGS_SCHEDULER). */
  schedulerOn: boolean;
  lastRun: RetentionRun | null;
};

export async function readStorageStatus(
  db: Db,
  settings: { retentionDays: number; schedulerOn: boolean },
): Promise<StorageStatus> {
  const [size, stored] = await Promise.all([measureDatabaseSize(db), readSetting(db, "retentionLastRun")]);
  return { provider: providerOf(db), size, ...settings, lastRun: parseRetentionRun(stored) };
}
