// The background sender: drains the outbox every SEND_EVERY_MS, and soon after an evaluation
// wrote a change (kickNotifySender). One pass at a time per process (repeating-task.ts); across
// instances the outbox's claims keep a row to one sender.
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { repeatingTask } from "@/lib/base/repeating-task";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import { userAgentFromEnv } from "@/lib/pipeline/fetch/build-user-agent";
import { PROCESS_IDENTITY } from "@/lib/base/process-identity";
import { drainOutbox } from "@/lib/features/notify/drain-outbox";
import { readNotifyTarget } from "@/lib/features/notify/notify-target";

const log = createLogger("notify");

export const SEND_EVERY_MS = 15_000;
/** A notification is not a feed: a receiver that needs longer is treated as down. */
const SEND_TIMEOUT_MS = 10_000;

const sender = repeatingTask("notify-sender");

export function startNotifySender(db: Db): void {
  sender.start({ everyMs: SEND_EVERY_MS, firstAfterMs: SEND_EVERY_MS, run: () => passOnce(db) });
}

/** A change was written: send it now rather than at the next tick. Nothing if the sender is off. */
export function kickNotifySender(): void {
  sender.kick();
}

export function stopNotifySender(): Promise<void> {
  return sender.stop();
}

async function passOnce(db: Db): Promise<void> {
  try {
    const env = getEnv();
    const report = await drainOutbox(db, {
      holder: PROCESS_IDENTITY,
      target: await readNotifyTarget(db, env),
      timeoutMs: SEND_TIMEOUT_MS,
      allowPrivateNetworks: env.TIDINGS_ALLOW_PRIVATE_NETWORKS,
      userAgent: userAgentFromEnv(env, 1),
    });
    if (report.attempted + report.failed > 0)
      log.info(
        `notifications: ${report.delivered} delivered of ${report.attempted} attempted, ${report.failed} given up`,
      );
  } catch (error) {
    log.error(`notification pass failed: ${describeError(error)}`);
  }
}
