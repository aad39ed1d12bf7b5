import "server-only";
import { getDb } from "@/lib/db/client";
import type { AlertKind } from "@/lib/base/alert-kinds";
import { readSetting } from "@/lib/settings/setting-store";

const RECENTLY_CLEARED_MS = 7 * 24 * 60 * 60 * 1000;
const CLEARED_SHOWN = 10;

export type AlertRow = {
  id: number;
  kind: AlertKind;
  sourceId: number | null;
  sourceTitle: string | null;
  startedAt: Date;
  clearedAt: Date | null;
  reason: string;
};
export type AlertOverview = { open: AlertRow[]; cleared: AlertRow[]; failure: { at: string; message: string } | null };

/** The open alerts (all of them: one per kind and subject at most) and the latest cleared ones. */
export async function listAlerts(now: Date, sourceId?: number): Promise<AlertOverview> {
  const db = getDb();
  const scope = sourceId === undefined ? {} : { sourceId };
  const select = {
    id: true,
    kind: true,
    sourceId: true,
    startedAt: true,
    clearedAt: true,
    reason: true,
    source: { select: { title: true } },
  } as const;
  const [open, cleared, failure] = await Promise.all([
    db.alert.findMany({ where: { ...scope, clearedAt: null }, orderBy: [{ startedAt: "asc" }, { id: "asc" }], select }),
    db.alert.findMany({
      where: { ...scope, clearedAt: { gte: new Date(now.getTime() - RECENTLY_CLEARED_MS) } },
      orderBy: [{ clearedAt: "desc" }, { id: "desc" }],
      take: CLEARED_SHOWN,
      select,
    }),
    readSetting(db, "alertsEvaluationFailure"),
  ]);
  const toRow = (row: (typeof open)[number]): AlertRow => ({
    id: row.id,
    kind: row.kind as AlertKind,
    sourceId: row.sourceId,
    // The admin's alerts name a source by its feed's title: a reader's own title is theirs alone.
    sourceTitle: row.source?.title ?? null,
    startedAt: row.startedAt,
    clearedAt: row.clearedAt,
    reason: row.reason,
  });
  return {
    open: open.map(toRow),
    cleared: cleared.map(toRow),
    failure: failure === null ? null : (JSON.parse(failure) as { at: string; message: string }),
  };
}
