// After a round: read the rules' inputs, ask the rules, plan the changes, write them with their
// outbox rows, wake the sender. An evaluation that fails is logged and recorded (the health page
// shows it) and never fails the round: the fetches are stored already.
import type { Db } from "@/lib/db/client";
import { getEnv, type Env } from "@/lib/base/env";
import { describeError } from "@/lib/base/describe-error";
import { createLogger } from "@/lib/base/log";
import { FLEET_ALERT_RULES, SOURCE_ALERT_RULES, type FleetAlertInput } from "@/lib/features/alerts/alert-rules";
import { readFleetDrift } from "@/lib/reads/health/read-fleet-drift";
import { planAlertChanges, type Verdict } from "@/lib/features/alerts/plan-alert-changes";
import { readSourceAlertInputs } from "@/lib/features/alerts/read-alert-inputs";
import { readNotifyTarget } from "@/lib/features/notify/notify-target";
import { kickNotifySender } from "@/lib/features/notify/notify-sender";
import { listOpenAlerts, writeAlertPlan, type AlertWriteReport } from "@/lib/features/alerts/alert-store";
import { deleteSetting, writeSetting } from "@/lib/settings/setting-store";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";

const log = createLogger("alerts");

export type EvaluateInput = {
  now: Date;
  fetchedSourceIds: readonly number[];
  env: Pick<Env, "TIDINGS_NOTIFY_URL" | "TIDINGS_NOTIFY_FORMAT" | "TIDINGS_PUBLIC_URL">;
};

export async function evaluateAlerts(db: Db, input: EvaluateInput): Promise<AlertWriteReport> {
  const open = await listOpenAlerts(db);
  const openSources = open.flatMap((alert) => (alert.sourceId === null ? [] : [alert.sourceId]));
  const sizeAlertIds = new Set(
    open.flatMap((alert) => (alert.kind === "size_jump" && alert.sourceId !== null ? [alert.sourceId] : [])),
  );
  const subjects = await readSourceAlertInputs(db, {
    now: input.now,
    sourceIds: [...input.fetchedSourceIds, ...openSources],
    sizeAlertIds,
  });
  const fleet: FleetAlertInput = { drift: (await readFleetDrift(db, { now: input.now, days: 1 })).last24h };
  const verdicts: Verdict[] = [
    ...subjects.flatMap((subject) =>
      SOURCE_ALERT_RULES.map((rule) => ({
        kind: rule.kind,
        sourceId: subject.facts.id,
        reason: rule.evaluate(subject.input),
      })),
    ),
    ...FLEET_ALERT_RULES.map((rule) => ({ kind: rule.kind, sourceId: null, reason: rule.evaluate(fleet) })),
  ];
  const plan = planAlertChanges(open, verdicts);
  if (plan.start.length === 0 && plan.clear.length === 0) return { started: 0, cleared: 0 };
  const target = await readNotifyTarget(db, input.env);
  const base = input.env.TIDINGS_PUBLIC_URL?.replace(/\/$/, "") ?? "";
  const report = await writeAlertPlan(db, plan, {
    now: input.now,
    notify: target !== null,
    sources: new Map(subjects.map((subject) => [subject.facts.id, subject.facts])),
    linkTo: (sourceId) => (sourceId === null ? `${base}/health#attention` : `${base}/sources/${sourceId}`),
  });
  log.info(`alerts: ${report.started} started, ${report.cleared} cleared`);
  if (target !== null) kickNotifySender();
  return report;
}

/** evaluateAlerts for the round: whatever goes wrong is logged and recorded, never thrown. */
export async function evaluateAlertsSafely(db: Db, input: Omit<EvaluateInput, "env">): Promise<void> {
  try {
    await evaluateAlerts(db, { ...input, env: getEnv() });
    await deleteSetting(db, "alertsEvaluationFailure");
  } catch (error) {
    const message = describeError(error, 300);
    log.error(`alert evaluation failed (the round is unaffected): ${message}`);
    await writeSetting(db, "alertsEvaluationFailure", JSON.stringify({ at: input.now.toISOString(), message })).catch(
      () => undefined,
    );
  }
}

/** A round's settings with the alert rules asked after each completed round (under its lease). */
export function withAlerts(settings: RoundSettings): RoundSettings {
  return { ...settings, afterRound: evaluateAlertsSafely };
}
