// Which source already follows a feed URL (feed URLs are unique): discovery must not switch a
// source onto a feed another source holds.
import type { Db } from "@/lib/db/client";

export async function findSubscribed(db: Db, feedUrl: string): Promise<number | null> {
  const holder = await db.source.findUnique({ where: { feedUrl }, select: { id: true } });
  return holder?.id ?? null;
}
