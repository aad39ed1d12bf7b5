// The timer: node-cron ticks start rounds through the round runner. Started once per process
// from instrumentation.ts (the task lives on globalThis: dev reloads and a second register()
// must not add a second timer).
import cron, { type ScheduledTask } from "node-cron";
import type { Db } from "@/lib/db/client";
import { remember } from "@/lib/base/remember";
import { createLogger } from "@/lib/base/log";
import { drainRounds, requestRound } from "@/lib/entry/server/round-runner";
import { claimSetting } from "@/lib/settings/setting-store";

const log = createLogger("scheduler");

type SchedulerState = { task: ScheduledTask | null };
const state = () => remember<SchedulerState>("scheduler", () => ({ task: null }));

/**
 * Installations must not all fire at :00 (publishers see synchronised bursts). Each one keeps a
 * random second-of-the-minute, chosen once and stored, and fires its rounds at that second.
 */
export async function installationOffsetSeconds(db: Db): Promise<number> {
  const stored = await claimSetting(db, "roundOffsetSeconds", () => String(Math.floor(Math.random() * 60)));
  return /^\d+$/.test(stored) ? Number(stored) % 60 : 0;
}

/** A 5-field cron expression gets the installation's second; a 6-field one is used as given. */
export function withSecondOffset(expression: string, offsetSeconds: number): string {
  const fields = expression.trim().split(/\s+/);
  return fields.length === 5 ? `${offsetSeconds} ${fields.join(" ")}` : fields.join(" ");
}

/** The log line, in the README's terms: the expression as configured, then the second this installation adds. */
export function describeSchedule(expression: string, schedule: string): string {
  const configured = expression.trim().split(/\s+/).join(" ");
  if (schedule === configured) return `rounds scheduled: "${schedule}"`;
  return `rounds scheduled: "${configured}" at second ${schedule.split(" ")[0]} of the minute (node-cron "${schedule}")`;
}

export async function startScheduler(db: Db, expression: string): Promise<void> {
  const scheduler = state();
  if (scheduler.task) return;
  const schedule = withSecondOffset(expression, await installationOffsetSeconds(db));
  if (!cron.validate(schedule)) throw new Error(`TIDINGS_ROUND_CRON: "${expression}" is not a valid cron expression`);
  scheduler.task = cron.schedule(
    schedule,
    async () => {
      const report = await requestRound("cron").catch((error: unknown) => {
        log.error(`round failed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      if (report?.status === "skipped") log.info(`round skipped: ${report.reason}`);
    },
    { name: "tidings-round", noOverlap: true },
  );
  log.info(describeSchedule(expression, schedule));
}

export async function stopScheduler(): Promise<void> {
  const scheduler = state();
  await scheduler.task?.stop();
  scheduler.task = null;
  await drainRounds();
}
