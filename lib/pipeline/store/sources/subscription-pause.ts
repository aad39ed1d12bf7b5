// Pausing is each subscriber's own; the source is shared (issue 25). It is fetched while any
// subscriber has not paused it, and switched off (disabledReason 'user') only when every one has:
// one person's pause must not stop another's feed, nor cost the publisher requests nobody reads.
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { applyEnabled, type EnabledChange } from "@/lib/pipeline/store/sources/set-source-enabled";

/** Sets the user's pause and brings the source's state in line; null when they do not follow it. */
export async function applySubscriptionPaused(
  tx: Tx,
  input: { userId: number; sourceId: number; paused: boolean; now: Date },
): Promise<EnabledChange | null> {
  const changed = await tx.subscription.updateMany({
    where: { userId: input.userId, sourceId: input.sourceId },
    data: { paused: input.paused },
  });
  if (changed.count === 0) return null;
  if (!input.paused) return applyEnabled(tx, { sourceId: input.sourceId, enabled: true, now: input.now });
  const reading = await tx.subscription.count({ where: { sourceId: input.sourceId, paused: false } });
  if (reading > 0) return { changed: false, enabled: true };
  return applyEnabled(tx, { sourceId: input.sourceId, enabled: false, now: input.now });
}

/** A source paused by all its subscribers is fetched again once one of them follows it unpaused. */
export async function resumeIfPausedByAll(tx: Tx, sourceId: number, now: Date): Promise<void> {
  const source = await tx.source.findUnique({
    where: { id: sourceId },
    select: { enabled: true, disabledReason: true },
  });
  if (source !== null && !source.enabled && source.disabledReason === "user")
    await applyEnabled(tx, { sourceId, enabled: true, now });
}

/** The user pauses or resumes their subscription (the sources pages' toggle), in its own transaction. */
export function setSubscriptionPaused(
  db: Db,
  input: { userId: number; sourceId: number; paused: boolean; now: Date },
): Promise<EnabledChange | null> {
  return inTransaction(db, (tx) => applySubscriptionPaused(tx, input));
}
