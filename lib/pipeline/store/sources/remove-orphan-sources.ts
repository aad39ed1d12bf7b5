// A source nobody follows any more (its last subscriber unsubscribed or was removed, issue 25)
// stops being fetched and is removed with its articles, as removing it by hand does
// (removeSource: its roll-ups kept for /metrics, its WebSub subscription ended).
import type { Db } from "@/lib/db/client";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";

/** The ids of the sources removed. */
export async function removeOrphanSources(db: Db): Promise<number[]> {
  const orphans = await db.source.findMany({ where: { subscriptions: { none: {} } }, select: { id: true } });
  const removed: number[] = [];
  for (const { id } of orphans) if ((await removeSource(db, id)) !== null) removed.push(id);
  return removed;
}
