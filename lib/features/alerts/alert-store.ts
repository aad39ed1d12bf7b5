// Writes an alert plan (lib/features/alerts/plan-alert-changes.ts): each start or clear in one small
// transaction with its outbox row, so a state change and its notification exist together or not
// at all. Two instances evaluating at once cannot both start an alert (Alert.openKey is unique)
// nor both clear it (the clear is conditional on the alert still being open).
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import type { AlertKind } from "@/lib/base/alert-kinds";
import { openKeyOf, type AlertPlan, type AlertSubject, type OpenAlert } from "@/lib/features/alerts/plan-alert-changes";
import type { NotificationDocument, NotificationEvent } from "@/lib/features/notify/format-notification";

type SourceFacts = { id: number; title: string; feedUrl: string };
export type AlertWriteContext = {
  now: Date;
  /** False without a notify URL: no outbox row (setting one later does not replay old changes). */
  notify: boolean;
  sources: ReadonlyMap<number, SourceFacts>;
  /** The page a notification links to, for a source or the fleet. */
  linkTo: (sourceId: AlertSubject) => string;
};

export type AlertWriteReport = { started: number; cleared: number };

export async function listOpenAlerts(db: Db): Promise<OpenAlert[]> {
  const rows = await db.alert.findMany({
    where: { openKey: { not: null } },
    select: { id: true, kind: true, sourceId: true },
  });
  return rows.map((row) => ({ id: row.id, kind: row.kind as AlertKind, sourceId: row.sourceId }));
}

export async function writeAlertPlan(db: Db, plan: AlertPlan, context: AlertWriteContext): Promise<AlertWriteReport> {
  const report: AlertWriteReport = { started: 0, cleared: 0 };
  for (const change of plan.start) {
    try {
      await inTransaction(db, async (tx) => {
        const alert = await tx.alert.create({
          data: {
            kind: change.kind,
            sourceId: change.sourceId,
            startedAt: context.now,
            reason: change.reason,
            openKey: openKeyOf(change.kind, change.sourceId),
          },
        });
        if (context.notify) await tx.notification.create({ data: outboxRow(alert, "alert.started", context) });
      });
      report.started += 1;
    } catch (error) {
      // Another instance started the same alert first: its row stands, with its notification.
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
  }
  for (const open of plan.clear) {
    const cleared = await inTransaction(db, async (tx) => {
      const { count } = await tx.alert.updateMany({
        where: { id: open.id, openKey: { not: null } },
        data: { clearedAt: context.now, openKey: null },
      });
      if (count === 0) return false;
      const alert = await tx.alert.findUniqueOrThrow({ where: { id: open.id } });
      if (context.notify) await tx.notification.create({ data: outboxRow(alert, "alert.cleared", context) });
      return true;
    });
    if (cleared) report.cleared += 1;
  }
  return report;
}

function outboxRow(
  alert: { id: number; kind: string; sourceId: number | null; startedAt: Date; reason: string },
  event: NotificationEvent,
  context: AlertWriteContext,
) {
  const source = alert.sourceId === null ? undefined : context.sources.get(alert.sourceId);
  const document: NotificationDocument = {
    event,
    source: source === undefined ? null : { id: source.id, title: source.title, feedUrl: source.feedUrl },
    alert: alert.kind as AlertKind,
    since: alert.startedAt.toISOString(),
    reason: alert.reason,
    url: context.linkTo(alert.sourceId),
  };
  return {
    alertId: alert.id,
    event,
    payload: JSON.stringify(document),
    createdAt: context.now,
    nextAttemptAt: context.now,
  };
}
