// A background task that runs every `everyMs`, one run at a time: the next run is armed only when
// the current one has finished (a slow run is never stacked on itself), the timer never keeps the
// process alive, and the state lives on globalThis under the task's name, so a second register()
// or a dev reload cannot start a second timer. The rounds have node-cron (they run at the
// installation's second of the minute); these are the chores between them.
import { remember } from "@/lib/base/remember";

type Run = (shouldStop: () => boolean) => Promise<void>;
export type RepeatingSchedule = { everyMs: number; firstAfterMs: number; run: Run };

type TaskState = {
  schedule: RepeatingSchedule | null;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  stopping: boolean;
};

export type RepeatingTask = {
  /** Starts the schedule; nothing if it already runs in this process. */
  start(schedule: RepeatingSchedule): void;
  /** Runs as soon as possible (after the current run, if one is under way); nothing when stopped. */
  kick(): void;
  /** Cancels the timer and waits for a run in progress (which is told to stop). */
  stop(): Promise<void>;
};

export function repeatingTask(name: string): RepeatingTask {
  const state = () =>
    remember<TaskState>(`repeating-task:${name}`, () => ({
      schedule: null,
      timer: null,
      running: null,
      again: false,
      stopping: false,
    }));
  const arm = (delayMs: number) => {
    const task = state();
    if (task.timer) clearTimeout(task.timer);
    task.timer = setTimeout(() => {
      task.timer = null;
      const schedule = task.schedule;
      if (schedule === null) return;
      task.running = schedule
        .run(() => task.stopping)
        .finally(() => {
          task.running = null;
          if (task.stopping) return;
          arm(task.again ? 0 : schedule.everyMs);
          task.again = false;
        });
    }, delayMs);
    task.timer.unref();
  };
  return {
    start(schedule) {
      const task = state();
      if (task.schedule !== null) return;
      task.schedule = schedule;
      task.stopping = false;
      arm(schedule.firstAfterMs);
    },
    kick() {
      const task = state();
      if (task.schedule === null || task.stopping) return;
      if (task.running) task.again = true;
      else arm(0);
    },
    async stop() {
      const task = state();
      task.stopping = true;
      if (task.timer) clearTimeout(task.timer);
      task.timer = null;
      await task.running;
      task.schedule = null;
    },
  };
}
