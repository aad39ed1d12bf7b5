// When a round turns out to have run while this machine was offline, the network errors it
// already counted were not the publishers' fault: give each source back its breaker counters.
import type { Db } from "@/lib/db/client";

export type BreakerCounters = {
  sourceId: number;
  consecutiveErrors: number;
  /** The run of failures goes back with the count: an error that started it is forgiven too. */
  failingSince: Date | null;
  breakerState: string;
  breakerChangedAt: Date | null;
  breakerCooldownSeconds: number | null;
};

export async function forgiveOfflineErrors(db: Db, before: BreakerCounters[]): Promise<void> {
  for (const counters of before) {
    const { sourceId, ...fields } = counters;
    await db.source.update({ where: { id: sourceId }, data: fields });
  }
}
