// A user follows a source someone already follows (issue 25): a Subscription row and no request,
// since the source's articles are already here. The new subscriber starts as a new subscription
// always has, with what the feed currently serves unread, not with the source's whole history.
// What it serves now is the newest N articles, N the items its last successful parse carried
// (Fetch.entriesSeen): one clear rule, written here once. With no such fetch in the log (pruned,
// or never parsed) it is the newest FALLBACK_UNREAD.
import type { Tx } from "@/lib/db/client";
import { providerOf, type Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { querySql } from "@/lib/db/query-sql";
import { ensureUserFolder } from "@/lib/pipeline/store/sources/user-folders";
import { resumeIfPausedByAll } from "@/lib/pipeline/store/sources/subscription-pause";

const FALLBACK_UNREAD = 50;

export type SubscriptionFields = { userId: number; customTitle: string | null; folderName: string | null };

/** "exists" when the user already follows it (nothing changes); "missing" when the source is gone. */
export async function addSubscription(
  db: Db,
  input: SubscriptionFields & { sourceId: number; now: Date },
): Promise<{ status: "added"; unread: number } | { status: "exists" | "missing" }> {
  return inTransaction(db, async (tx) => {
    const source = await tx.source.findUnique({ where: { id: input.sourceId }, select: { id: true } });
    if (source === null) return { status: "missing" };
    const existing = await tx.subscription.findUnique({
      where: { userId_sourceId: { userId: input.userId, sourceId: input.sourceId } },
      select: { id: true },
    });
    if (existing !== null) return { status: "exists" };
    const unread = await insertSubscription(tx, providerOf(db), input);
    await resumeIfPausedByAll(tx, input.sourceId, input.now);
    return { status: "added", unread };
  });
}

/** The subscription and its first unread rows, inside the caller's transaction; returns how many are unread. */
export async function insertSubscription(
  tx: Tx,
  provider: ReturnType<typeof providerOf>,
  input: SubscriptionFields & { sourceId: number },
): Promise<number> {
  const folderId = await ensureUserFolder(tx, input.userId, input.folderName);
  const subscription = await tx.subscription.create({
    data: {
      userId: input.userId,
      sourceId: input.sourceId,
      customTitle: input.customTitle?.trim() || null,
      folderId,
    },
    select: { id: true },
  });
  const servedNow = await countServedNow(tx, input.sourceId);
  const inserted = await querySql<{ articleId: number }>(
    tx,
    provider,
    sql`INSERT INTO "UnreadArticle" ("userId", "articleId", "sourceId", "publishedAt")
      SELECT ${input.userId}, "id", "sourceId", "publishedAt" FROM "Article" WHERE "id" IN (
        SELECT "id" FROM "Article" WHERE "sourceId" = ${input.sourceId} ORDER BY "publishedAt" DESC, "id" DESC LIMIT ${servedNow}
      ) ON CONFLICT DO NOTHING RETURNING "articleId"`,
  );
  await tx.subscription.update({ where: { id: subscription.id }, data: { unreadCount: inserted.length } });
  return inserted.length;
}

async function countServedNow(tx: Tx, sourceId: number): Promise<number> {
  const last = await tx.fetch.findFirst({
    where: { sourceId, kind: "feed", outcome: "ok", entriesSeen: { gt: 0 } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    select: { entriesSeen: true },
  });
  return last?.entriesSeen ?? FALLBACK_UNREAD;
}
