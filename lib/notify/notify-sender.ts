// The background sender: drains the outbox every SEND_EVERY_MS, and soon after an evaluation
// wrote a change (kickNotifySender). One pass at a time per process (the next is armed when the
// current one ends); across instances the outbox's claims keep a row to one sender. The timer
// never keeps the process alive; the state lives on globalThis (register() may run twice).
import type { Db } from "@/lib/db/prisma-client";
import { getEnv } from "@/lib/env";
import { remember } from "@/lib/remember";
import { createLogger } from "@/lib/log";
import { describeError } from "@/lib/describe-error";
import { buildUserAgent } from "@/lib/fetch/build-user-agent";
import { drainOutbox } from "@/lib/notify/drain-outbox";
import { readNotifyTarget } from "@/lib/notify/notify-target";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import packageJson from "@/package.json";

const log = createLogger("notify");

export const SEND_EVERY_MS = 15_000;
/** A notification is not a feed: a receiver that needs longer is treated as down. */
const SEND_TIMEOUT_MS = 10_000;

type SenderState = {
  db: Db | null;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  stopping: boolean;
};
const state = () =>
  remember<SenderState>("notify-sender", () => ({
    db: null,
    timer: null,
    running: null,
    again: false,
    stopping: false,
  }));
const HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export function startNotifySender(db: Db): void {
  const sender = state();
  if (sender.db !== null) return;
  sender.db = db;
  sender.stopping = false;
  arm(SEND_EVERY_MS);
}

/** A change was written: send it now rather than at the next tick. Nothing if the sender is off. */
export function kickNotifySender(): void {
  const sender = state();
  if (sender.db === null || sender.stopping) return;
  if (sender.running) {
    sender.again = true;
    return;
  }
  arm(0);
}

export async function stopNotifySender(): Promise<void> {
  const sender = state();
  sender.stopping = true;
  if (sender.timer) clearTimeout(sender.timer);
  sender.timer = null;
  await sender.running;
  sender.db = null;
}

function arm(delayMs: number): void {
  const sender = state();
  if (sender.timer) clearTimeout(sender.timer);
  sender.timer = setTimeout(() => {
    sender.timer = null;
    if (sender.db === null) return;
    sender.running = passOnce(sender.db).finally(() => {
      sender.running = null;
      if (sender.stopping) return;
      arm(sender.again ? 0 : SEND_EVERY_MS);
      sender.again = false;
    });
  }, delayMs);
  sender.timer.unref();
}

async function passOnce(db: Db): Promise<void> {
  try {
    const env = getEnv();
    const report = await drainOutbox(db, {
      holder: HOLDER,
      target: await readNotifyTarget(db, env),
      timeoutMs: SEND_TIMEOUT_MS,
      allowPrivateNetworks: env.TIDINGS_ALLOW_PRIVATE_NETWORKS,
      userAgent: buildUserAgent({
        version: packageJson.version,
        publicUrl: env.TIDINGS_PUBLIC_URL ?? null,
        subscribers: 1,
      }),
    });
    if (report.attempted + report.failed > 0)
      log.info(
        `notifications: ${report.delivered} delivered of ${report.attempted} attempted, ${report.failed} given up`,
      );
  } catch (error) {
    log.error(`notification pass failed: ${describeError(error)}`);
  }
}
