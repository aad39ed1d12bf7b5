// The parse stage's one worker thread, shared by everything CPU-heavy the pipeline does with a
// publisher's bytes: large feeds (parse-off-thread.ts) and article pages (extract-off-thread.ts).
// On the server's main thread either would stall every reader's request. The worker also contains
// the damage of a hostile document: memory is capped, a task that runs too long is stopped, and a
// crashed worker is replaced on the next task.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { remember } from "@/lib/base/remember";
import { projectRoot } from "@/lib/base/project-root";

const TASK_TIME_LIMIT_MS = 60_000;
const WORKER_MEMORY_MB = 512;
/**
 * An idle worker is stopped: large feeds are rare, and an idle thread is memory for nothing (its
 * heap after a 100,000-item feed was 250 MB of the server's RSS). Soon enough that the memory is
 * back within seconds of the round; late enough that a round's large feeds and pages, one after
 * another, share one worker.
 */
const IDLE_STOP_MS = 10_000;

/** What the worker is asked (parse-worker.mjs reads `task`); what it answers is the task's result. */
export type WorkerTask =
  | { task: "feed"; body: Uint8Array; contentType: string | null; contentLocation?: string | null; url: string }
  | { task: "article"; html: string; url: string; selector: string | null };

/**
 * Takes what a task hands over before its result (a large feed's items, in batches). The worker
 * waits for each to be taken; a rejection stops the task, which then fails.
 */
export type BatchTaker = (batch: unknown[]) => Promise<void>;

// What parse-worker.mjs reads in the shared answer to each batch.
const BATCH_TAKEN = 1;
const BATCH_REFUSED = 2;

type Pending = {
  resolve: (result: unknown) => void;
  fail: (detail: string) => void;
  timer: NodeJS.Timeout;
  /** Re-arms the time limit: it counts the worker's own time, not the caller's storing. */
  restartTimer: () => void;
  takeBatch?: { take: BatchTaker; answer: Int32Array };
};
type WorkerSlot = {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  nextId: number;
  idleTimer: NodeJS.Timeout | null;
};

/**
 * Runs one task in the worker. A failure of the worker (crash, time or memory limit, an exception)
 * becomes `failed(detail)`, the caller's classified outcome. Null when no worker can start (a broken
 * install): the caller runs the task inline rather than lose it.
 */
export async function runInParseWorker<T>(
  task: WorkerTask,
  failed: (detail: string) => T,
  takeBatch?: BatchTaker,
): Promise<T | null> {
  const slot = await acquireWorker();
  if (!slot) return null;
  return new Promise<T>((resolve) => {
    const id = slot.nextId++;
    const startTimer = () =>
      setTimeout(() => failAll(slot, `took longer than ${TASK_TIME_LIMIT_MS / 1000} s`), TASK_TIME_LIMIT_MS);
    const answer = takeBatch ? new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT) : undefined;
    const pending: Pending = {
      resolve: (result) => resolve(result as T),
      fail: (detail) => resolve(failed(detail)),
      timer: startTimer(),
      restartTimer: () => {
        if (slot.pending.get(id) === pending) pending.timer = startTimer();
      },
      takeBatch: takeBatch && answer ? { take: takeBatch, answer: new Int32Array(answer) } : undefined,
    };
    slot.pending.set(id, pending);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.worker.ref();
    slot.worker.postMessage({ id, ...task, batchAnswer: answer });
  });
}

/** A batch from the worker: taken (stored) while the worker waits, then answered. */
async function passBatch(pending: Pending, batch: unknown[]): Promise<void> {
  clearTimeout(pending.timer);
  const taker = pending.takeBatch;
  const verdict = taker
    ? await taker.take(batch).then(
        () => BATCH_TAKEN,
        () => BATCH_REFUSED,
      )
    : BATCH_REFUSED;
  pending.restartTimer();
  if (!taker) return;
  Atomics.store(taker.answer, 0, verdict);
  Atomics.notify(taker.answer, 0);
}

const state = () => remember<{ slot: WorkerSlot | null }>("parse-worker", () => ({ slot: null }));

async function acquireWorker(): Promise<WorkerSlot | null> {
  const current = state().slot;
  if (current) {
    await current.ready;
    return current;
  }
  // Found in the installation (lib/base/project-root.ts), like prisma/migrations: the worker is loaded
  // by Node itself, outside Next's bundle.
  const worker = new Worker(
    path.join(/* turbopackIgnore: true */ projectRoot(), "lib/pipeline/round/parse-worker.mjs"),
    {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
    },
  );
  let markReady: () => void = () => undefined;
  const slot: WorkerSlot = {
    worker,
    ready: new Promise((resolve) => (markReady = resolve)),
    pending: new Map(),
    nextId: 1,
    idleTimer: null,
  };
  worker.on(
    "message",
    (message: { ready?: true; id?: number; batch?: unknown[]; result?: unknown; error?: string }) => {
      if (message.ready) return markReady();
      const pending = slot.pending.get(message.id!);
      if (!pending) return;
      if (message.batch) return void passBatch(pending, message.batch);
      clearTimeout(pending.timer);
      slot.pending.delete(message.id!);
      if (message.result !== undefined) pending.resolve(message.result);
      else pending.fail(`failed: ${message.error ?? "unknown error"}`);
      if (slot.pending.size === 0) idle(slot);
    },
  );
  worker.on("error", (error) => failAll(slot, `crashed: ${error.message}`));
  worker.on("exit", () => failAll(slot, "stopped unexpectedly"));
  // The worker keeps the process alive while it starts and while a task is in flight (the caller
  // awaits it), and never while idle (idle() unrefs it), so that `tidings add` exits when its work
  // is done. An unref() before these listeners would not last: adding a "message" listener refs
  // the worker's port again, which is what held the command line until the idle timer fired.
  state().slot = slot;
  await Promise.race([slot.ready, new Promise<void>((resolve) => worker.once("exit", () => resolve()))]);
  return state().slot === slot ? slot : null;
}

/** No task in flight: let the process exit without the worker, and stop it if it stays unused. */
function idle(slot: WorkerSlot): void {
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => void retire(slot), IDLE_STOP_MS).unref();
}

/** Ends every task in flight on this worker as its caller's classified failure and discards the worker. */
function failAll(slot: WorkerSlot, detail: string): void {
  for (const [id, pending] of slot.pending) {
    clearTimeout(pending.timer);
    pending.fail(detail);
    slot.pending.delete(id);
  }
  void retire(slot);
}

async function retire(slot: WorkerSlot): Promise<void> {
  if (state().slot === slot) state().slot = null;
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  await slot.worker.terminate();
}
