// Parsing a 10 MB feed takes seconds of CPU (sanitizing every item dominates). On the server's
// main thread that would stall every reader's request, so large bodies are parsed in a worker
// thread; small ones (nearly all feeds) inline, where a worker round trip would cost more.
// The worker also contains the damage of a hostile document: memory is capped, a parse that
// runs too long is stopped, and a crashed worker is replaced on the next large body.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParseInput, ParseResult } from "@/lib/pipeline/parse/contract/types";
import { remember } from "@/lib/base/remember";
import { projectRoot } from "@/lib/base/project-root";

/** Bodies at least this large go to the worker (about 0.03 s of parsing at the measured 0.05 s/MB, 2026-12, own sanitizer). */
export const OFF_THREAD_THRESHOLD_BYTES = 512 * 1024;
const PARSE_TIME_LIMIT_MS = 60_000;
const WORKER_MEMORY_MB = 512;
/**
 * An idle worker is stopped: large feeds are rare, and an idle thread is memory for nothing (its
 * heap after a 100,000-item feed was 250 MB of the server's RSS). Soon enough that the memory is
 * back within seconds of the round; late enough that a round's large feeds, one after another,
 * share one worker.
 */
const IDLE_STOP_MS = 10_000;

type Pending = { resolve: (result: ParseResult) => void; timer: NodeJS.Timeout };
type WorkerSlot = {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  nextId: number;
  idleTimer: NodeJS.Timeout | null;
};

/** A parse and how long it took (the worker's round trip included: that is what the fetch waited). */
export type TimedParse = ParseResult & { parseMs: number };

export async function parseFeedOffThread(input: ParseInput): Promise<TimedParse> {
  // Real time even when the round runs on a virtual clock: parsing is CPU, not waiting.
  const started = performance.now();
  const result = await parseWherever(input);
  return { ...result, parseMs: Math.round(performance.now() - started) };
}

async function parseWherever(input: ParseInput): Promise<ParseResult> {
  if (input.body.length < OFF_THREAD_THRESHOLD_BYTES) return parseFeed(input);
  const slot = await acquireWorker();
  // A worker that cannot start (a broken install) must not lose the feed: parse inline.
  if (!slot) return parseFeed(input);
  return new Promise((resolve) => {
    const id = slot.nextId++;
    const timer = setTimeout(
      () => failAll(slot, `parsing took longer than ${PARSE_TIME_LIMIT_MS / 1000} s`),
      PARSE_TIME_LIMIT_MS,
    );
    slot.pending.set(id, { resolve, timer });
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.worker.ref();
    slot.worker.postMessage({
      id,
      body: new Uint8Array(input.body),
      contentType: input.contentType,
      contentLocation: input.contentLocation,
      url: input.url,
    });
  });
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
  worker.on("message", (message: { ready?: true; id?: number; result?: ParseResult; error?: string }) => {
    if (message.ready) return markReady();
    const pending = slot.pending.get(message.id!);
    if (!pending) return;
    clearTimeout(pending.timer);
    slot.pending.delete(message.id!);
    pending.resolve(
      message.result ?? { ok: false, errorKind: "parse", detail: `parser failed: ${message.error ?? "unknown error"}` },
    );
    if (slot.pending.size === 0) idle(slot);
  });
  worker.on("error", (error) => failAll(slot, `parser crashed: ${error.message}`));
  worker.on("exit", () => failAll(slot, "parser stopped unexpectedly"));
  // The worker keeps the process alive while it starts and while a parse is in flight (the caller
  // awaits it), and never while idle (idle() unrefs it), so that `tidings add` exits when its work
  // is done. An unref() before these listeners would not last: adding a "message" listener refs
  // the worker's port again, which is what held the command line until the idle timer fired.
  state().slot = slot;
  await Promise.race([slot.ready, new Promise<void>((resolve) => worker.once("exit", () => resolve()))]);
  return state().slot === slot ? slot : null;
}

/** No parse in flight: let the process exit without the worker, and stop it if it stays unused. */
function idle(slot: WorkerSlot): void {
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => void retire(slot), IDLE_STOP_MS).unref();
}

/** Ends every parse in flight on this worker as a classified failure and discards the worker. */
function failAll(slot: WorkerSlot, detail: string): void {
  for (const [id, pending] of slot.pending) {
    clearTimeout(pending.timer);
    pending.resolve({ ok: false, errorKind: "parse", detail });
    slot.pending.delete(id);
  }
  void retire(slot);
}

async function retire(slot: WorkerSlot): Promise<void> {
  if (state().slot === slot) state().slot = null;
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  await slot.worker.terminate();
}
