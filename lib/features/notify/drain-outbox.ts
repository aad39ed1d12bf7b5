// One pass of the notification sender: claim the due outbox rows (bounded), send each, record
// the attempt. A failed send is retried with exponential backoff up to MAX_ATTEMPTS; a 4xx that
// retrying cannot fix, or a refused address, is given up at once. Never called by a round: the
// round only writes outbox rows, so a slow or dead receiver never delays a fetch.
import type { Db } from "@/lib/db/client";
import type { NotificationDocument } from "@/lib/features/notify/format-notification";
import { formatNotification } from "@/lib/features/notify/format-notification";
import type { NotifyTarget } from "@/lib/features/notify/notify-target";
import { sendNotification } from "@/lib/features/notify/send-notification";
import {
  claimDueNotifications,
  failPendingNotifications,
  recordNotificationAttempt,
  type AttemptRecord,
} from "@/lib/features/notify/notification-store";

export const MAX_ATTEMPTS = 8;
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60 * 1000;
/** Rows one pass sends at most: a backlog drains over several passes, never in one long one. */
export const DRAIN_LIMIT = 20;

export type DrainOptions = {
  holder: string;
  target: NotifyTarget | null;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  userAgent: string;
  now?: () => Date;
  retryBaseMs?: number;
  limit?: number;
};

export type DrainReport = { attempted: number; delivered: number; failed: number };

export async function drainOutbox(db: Db, options: DrainOptions): Promise<DrainReport> {
  const now = options.now ?? (() => new Date());
  const report: DrainReport = { attempted: 0, delivered: 0, failed: 0 };
  if (options.target === null) {
    report.failed = await failPendingNotifications(db, { now: now(), failure: "no notify URL is configured" });
    return report;
  }
  // One row claimed at a time, just before its send: a claim taken for a whole batch could expire
  // while earlier rows were still being sent to a slow receiver, and another instance would send
  // the rest again. The claim outlasts one send: the request's timeout, and a margin for the database.
  const claimMs = options.timeoutMs + 30_000;
  for (let sent = 0; sent < (options.limit ?? DRAIN_LIMIT); sent++) {
    const [row] = await claimDueNotifications(db, { now: now(), holder: options.holder, claimMs, limit: 1 });
    if (!row) break;
    const document = JSON.parse(row.payload) as NotificationDocument;
    const startedAt = now();
    const started = performance.now();
    const result = await sendNotification(formatNotification(document, options.target.format, options.target.url), {
      timeoutMs: options.timeoutMs,
      allowPrivateNetworks: options.allowPrivateNetworks,
      deliveryId: `tidings-${row.id}`,
      userAgent: options.userAgent,
    });
    const attempt = row.attempts + 1;
    const next: AttemptRecord["next"] = result.delivered
      ? { delivered: true }
      : !result.retry || attempt >= MAX_ATTEMPTS
        ? { delivered: false, failure: `${result.error} (attempt ${attempt} of at most ${MAX_ATTEMPTS}; not retried)` }
        : {
            delivered: false,
            nextAttemptAt: new Date(startedAt.getTime() + retryDelayMs(attempt, options.retryBaseMs ?? RETRY_BASE_MS)),
          };
    await recordNotificationAttempt(db, {
      id: row.id,
      holder: options.holder,
      at: startedAt,
      durationMs: Math.round(performance.now() - started),
      httpStatus: result.httpStatus,
      error: result.delivered ? null : result.error,
      next,
    });
    report.attempted += 1;
    if (result.delivered) report.delivered += 1;
    else if ("failure" in next) report.failed += 1;
  }
  return report;
}

/** 30 s, 1 min, 2 min, ... capped at an hour: after attempt n, wait base × 2^(n-1). */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), RETRY_CAP_MS);
}
