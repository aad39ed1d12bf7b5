// Switching a source off and on, with its history. Disabling keeps everything (articles, fetch
// log, validators); re-enabling makes it due at once with a clean slate for the breaker, because
// the person has just said "try again": the old failures should not keep it waiting.
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";

export type EnabledChange = { changed: boolean; enabled: boolean };

export async function setSourceEnabled(
  db: Db,
  input: { sourceId: number; enabled: boolean; now: Date },
): Promise<EnabledChange | null> {
  return inTransaction(db, (tx) => applyEnabled(tx, input));
}

/** The same change inside a caller's transaction (the edit form saves title, folder and state together). */
export async function applyEnabled(
  tx: Tx,
  input: { sourceId: number; enabled: boolean; now: Date },
): Promise<EnabledChange | null> {
  const source = await tx.source.findUnique({
    where: { id: input.sourceId },
    select: { enabled: true, disabledReason: true, breakerState: true },
  });
  if (!source) return null;
  if (source.enabled === input.enabled) return { changed: false, enabled: source.enabled };
  if (!input.enabled) {
    await tx.source.update({
      where: { id: input.sourceId },
      data: {
        enabled: false,
        disabledReason: "user",
        disabledAt: input.now,
        nextCheckReason: "disabled by you: not fetched until re-enabled",
      },
    });
    await tx.sourceEvent.create({
      data: { sourceId: input.sourceId, at: input.now, kind: "disabled", detail: "Disabled by you" },
    });
    return { changed: true, enabled: false };
  }
  const wasGone = source.disabledReason === "gone";
  await tx.source.update({
    where: { id: input.sourceId },
    data: {
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      nextDueAt: input.now,
      nextCheckReason: "re-enabled: fetched in the next round",
      consecutiveErrors: 0,
      failingSince: null,
      breakerState: "closed",
      breakerCooldownSeconds: null,
      ...(source.breakerState !== "closed" ? { breakerChangedAt: input.now } : {}),
    },
  });
  const detail = wasGone ? "Re-enabled by you (it had been disabled after HTTP 410 Gone)" : "Re-enabled by you";
  await tx.sourceEvent.create({ data: { sourceId: input.sourceId, at: input.now, kind: "enabled", detail } });
  if (source.breakerState !== "closed") {
    await tx.sourceEvent.create({
      data: { sourceId: input.sourceId, at: input.now, kind: "breaker_closed", detail: "Breaker reset on re-enable" },
    });
  }
  return { changed: true, enabled: true };
}
