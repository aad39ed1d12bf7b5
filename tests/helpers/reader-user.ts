// The reader the tests act for: the installation's first admin (made on first use, as the app's
// edge and the command line make it), whose id every read and write of reading state takes.
import type { Db } from "@/lib/db/client";
import { claimFirstAdmin } from "@/lib/features/auth/users";

export async function readerId(db: Db): Promise<number> {
  return (await claimFirstAdmin(db)).id;
}

/** A second user, made directly in the database (logins are not this test's subject). */
export async function createMember(db: Db, name: string): Promise<number> {
  return (await db.user.create({ data: { name, role: "member" }, select: { id: true } })).id;
}

/** The reader's unread count of one source (their Subscription.unreadCount). */
export async function unreadCountOf(db: Db, sourceId: number, userId?: number): Promise<number> {
  const user = userId ?? (await readerId(db));
  const row = await db.subscription.findUniqueOrThrow({ where: { userId_sourceId: { userId: user, sourceId } } });
  return row.unreadCount;
}

/** When the reader starred the article; null when they have not. */
export async function starredAtOf(db: Db, articleId: number, userId?: number): Promise<Date | null> {
  const user = userId ?? (await readerId(db));
  const row = await db.starredArticle.findUnique({ where: { userId_articleId: { userId: user, articleId } } });
  return row?.starredAt ?? null;
}

/** Whether the reader has read the article (no unread row of theirs). */
export async function isRead(db: Db, articleId: number, userId?: number): Promise<boolean> {
  const user = userId ?? (await readerId(db));
  return (await db.unreadArticle.count({ where: { userId: user, articleId } })) === 0;
}

/** The reader's subscription to a source with its folder's name. */
export async function subscriptionOf(db: Db, sourceId: number, userId?: number) {
  const user = userId ?? (await readerId(db));
  const row = await db.subscription.findUniqueOrThrow({
    where: { userId_sourceId: { userId: user, sourceId } },
    include: { folder: true },
  });
  return { ...row, folderName: row.folder?.name ?? null };
}

/** Every article of the source read by every subscriber, their counts kept (as "mark all read" leaves them). */
export async function markSourceRead(db: Db, sourceId: number): Promise<void> {
  await db.unreadArticle.deleteMany({ where: { sourceId } });
  await db.subscription.updateMany({ where: { sourceId }, data: { unreadCount: 0 } });
}
