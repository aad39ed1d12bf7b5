// From the rules' verdicts and the open alerts, the changes to write: an alert starts once (a
// condition already open is left alone) and clears itself when its condition no longer holds.
// Pure: the store writes the plan (lib/features/alerts/alert-store.ts).
import type { AlertKind } from "@/lib/base/alert-kinds";

/** Who an alert is about: a source, or the fleet (null). */
export type AlertSubject = number | null;
export type Verdict = { kind: AlertKind; sourceId: AlertSubject; reason: string | null };
export type OpenAlert = { id: number; kind: AlertKind; sourceId: AlertSubject };
export type AlertPlan = { start: { kind: AlertKind; sourceId: AlertSubject; reason: string }[]; clear: OpenAlert[] };

/** The unique key of an open alert (Alert.openKey): one per kind and subject. */
export function openKeyOf(kind: AlertKind, sourceId: AlertSubject): string {
  return `${kind}:${sourceId ?? "fleet"}`;
}

/**
 * Verdicts cover the subjects that were evaluated; an open alert of a subject that was not
 * evaluated this time is left open (no verdict is not a cleared condition).
 */
export function planAlertChanges(open: readonly OpenAlert[], verdicts: readonly Verdict[]): AlertPlan {
  const openByKey = new Map(open.map((alert) => [openKeyOf(alert.kind, alert.sourceId), alert]));
  const plan: AlertPlan = { start: [], clear: [] };
  for (const verdict of verdicts) {
    const current = openByKey.get(openKeyOf(verdict.kind, verdict.sourceId));
    if (verdict.reason !== null && current === undefined)
      plan.start.push({ kind: verdict.kind, sourceId: verdict.sourceId, reason: verdict.reason });
    if (verdict.reason === null && current !== undefined) plan.clear.push(current);
  }
  return plan;
}
