// A source's HTTP Basic login (SourceLogin): written with the source, inside its transaction
// (create-source.ts, update-source.ts), read only by the fetch (the round, "fetch now", a
// subscription's first fetch). Nothing that shows or exports sources reads this table, so the password cannot reach a page, an API answer or an OPML file.
import type { Db, Tx } from "@/lib/db/client";
import type { FeedLogin } from "@/lib/pipeline/fetch/feed-login";

export async function readSourceLogin(db: Db, sourceId: number): Promise<FeedLogin | null> {
  return db.sourceLogin.findUnique({ where: { sourceId }, select: { user: true, password: true, origin: true } });
}

export async function saveSourceLogin(db: Tx, sourceId: number, login: FeedLogin): Promise<void> {
  await db.sourceLogin.upsert({ where: { sourceId }, create: { sourceId, ...login }, update: login });
}

export async function removeSourceLogin(db: Tx, sourceId: number): Promise<void> {
  await db.sourceLogin.deleteMany({ where: { sourceId } });
}

/** Whether a source has a login (the edit page says so, never what it is). */
export async function hasSourceLogin(db: Db, sourceId: number): Promise<boolean> {
  return (await db.sourceLogin.count({ where: { sourceId } })) > 0;
}
