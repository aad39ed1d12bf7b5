// After a user is removed (issue 25; their subscriptions go by cascade): a source nobody follows
// any more stops being fetched and is removed with its articles, as unsubscribing the last reader
// does, and one whose remaining subscribers have all paused it stops being fetched. Both through
// deleteSourceFollowedByNobody, the one home of that rule.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { deleteSourceFollowedByNobody } from "@/lib/pipeline/store/sources/remove-source";

/** The ids of the sources removed. */
export async function removeOrphanSources(db: Db): Promise<number[]> {
  const orphans = await db.source.findMany({ where: { subscriptions: { none: {} } }, select: { id: true } });
  const pausedByAll = await db.source.findMany({
    where: { enabled: true, subscriptions: { some: {}, every: { paused: true } } },
    select: { id: true },
  });
  for (const { id } of [...orphans, ...pausedByAll])
    await inTransaction(db, (tx) => deleteSourceFollowedByNobody(tx, id));
  return orphans.map(({ id }) => id);
}
