import "server-only";
import { getDb } from "@/lib/db/client";

/** The latest notification delivery attempts, newest first, with what they carried. */
export async function listDeliveryAttempts(limit: number) {
  const db = getDb();
  const [attempts, waiting] = await Promise.all([
    db.notificationAttempt.findMany({
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: limit,
      select: {
        id: true,
        at: true,
        durationMs: true,
        httpStatus: true,
        error: true,
        notification: {
          select: {
            event: true,
            attempts: true,
            deliveredAt: true,
            failedAt: true,
            failure: true,
            alert: { select: { kind: true, sourceId: true } },
          },
        },
      },
    }),
    db.notification.count({ where: { deliveredAt: null, failedAt: null } }),
  ]);
  return { attempts, waiting };
}

export type DeliveryAttempts = Awaited<ReturnType<typeof listDeliveryAttempts>>;
