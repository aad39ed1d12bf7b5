// Keeps the alert history bounded, as the fetch log is (prune-fetch-log.ts): notification attempts
// older than RETENTION_DAYS go, and so do alerts cleared before then, with their notifications
// (the foreign keys cascade). Open alerts stay whatever their age, with their outbox rows: they
// are still true, and /health shows them. Every 8-attempt delivery has given up long before.
import type { Db } from "@/lib/db/client";
import { RETENTION_DAYS } from "@/lib/pipeline/store/fetch/prune-fetch-log";

export type AlertPruneReport = { attempts: number; alerts: number };

export async function pruneAlertHistory(db: Db, now: Date): Promise<AlertPruneReport> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const attempts = await db.notificationAttempt.deleteMany({ where: { at: { lt: cutoff } } });
  const alerts = await db.alert.deleteMany({ where: { clearedAt: { lt: cutoff } } });
  return { attempts: attempts.count, alerts: alerts.count };
}
