// The outbox's writes. A sender CLAIMS a row before sending it (a conditional update: of two
// instances, one wins), records the attempt and releases the claim in one transaction. The claim
// outlasts one send (timeout plus a margin), so it cannot expire while its request is in flight;
// a sender that dies leaves a claim that expires, and the row is sent again then.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";

export type ClaimedNotification = { id: number; payload: string; attempts: number };

const pending = (now: Date) => ({
  deliveredAt: null,
  failedAt: null,
  nextAttemptAt: { lte: now },
  OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }],
});

export async function claimDueNotifications(
  db: Db,
  input: { now: Date; holder: string; claimMs: number; limit: number },
): Promise<ClaimedNotification[]> {
  const candidates = await db.notification.findMany({
    where: pending(input.now),
    orderBy: { id: "asc" },
    take: input.limit,
    select: { id: true, payload: true, attempts: true },
  });
  const claimed: ClaimedNotification[] = [];
  for (const candidate of candidates) {
    const { count } = await db.notification.updateMany({
      where: { id: candidate.id, ...pending(input.now) },
      data: { claimedBy: input.holder, claimedUntil: new Date(input.now.getTime() + input.claimMs) },
    });
    if (count === 1) claimed.push(candidate);
  }
  return claimed;
}

export type AttemptRecord = {
  id: number;
  holder: string;
  at: Date;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  /** delivered | retry at nextAttemptAt | given up with failure */
  next: { delivered: true } | { delivered: false; nextAttemptAt: Date } | { delivered: false; failure: string };
};

/**
 * Records an attempt and releases the claim, together. When the claim was lost meanwhile (it
 * expired and another sender took the row), nothing is written: that sender's record stands, and
 * the attempts log keeps agreeing with the row's count.
 */
export async function recordNotificationAttempt(db: Db, record: AttemptRecord): Promise<boolean> {
  const { next } = record;
  return inTransaction(db, async (tx) => {
    const { count } = await tx.notification.updateMany({
      where: { id: record.id, claimedBy: record.holder },
      data: {
        attempts: { increment: 1 },
        claimedBy: null,
        claimedUntil: null,
        ...(next.delivered
          ? { deliveredAt: record.at }
          : "failure" in next
            ? { failedAt: record.at, failure: next.failure }
            : { nextAttemptAt: next.nextAttemptAt }),
      },
    });
    if (count !== 1) return false;
    await tx.notificationAttempt.create({
      data: {
        notificationId: record.id,
        at: record.at,
        durationMs: record.durationMs,
        httpStatus: record.httpStatus,
        error: record.error,
      },
    });
    return true;
  });
}

/** Rows nobody can send (no notify URL any more): given up, with the reason shown on /health. */
export async function failPendingNotifications(db: Db, input: { now: Date; failure: string }): Promise<number> {
  const { count } = await db.notification.updateMany({
    where: { ...pending(input.now) },
    data: { failedAt: input.now, failure: input.failure },
  });
  return count;
}
