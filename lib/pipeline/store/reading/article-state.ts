// The reader's writes: one user's read and starred state, "mark all read" and its undo. Reading
// state is rows (issue 25): an UnreadArticle row per article a user has not read, a StarredArticle
// row per article they starred. Subscription.unreadCount counts the first per source and user:
// every change here adjusts it in the same transaction by the exact number of rows that changed.
// The writes are conditional (INSERT … ON CONFLICT DO NOTHING, DELETE) and RETURN the rows they
// changed, so two tabs marking the same article, or a round inserting articles meanwhile, can
// never make the count drift: deltas compose where a recount from a stale snapshot would not.
// An article of a source the user does not follow is out of their reach: it changes nothing.
import { providerOf, type Db, type Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { joinSql, sql } from "@/lib/db/sql";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { ArticleScope } from "@/lib/base/article-scope";
import { buildScopeConditions, joinConditions, subscribedSourcesSql } from "@/lib/pipeline/store/reading/scope-sql";
import { querySql } from "@/lib/db/query-sql";
import type { ArticleState } from "@/lib/base/article-state";

type Provider = DatabaseTarget["provider"];
type Changed = { id: number; sourceId: number };

/** Keeps IN lists well under both databases' bound-parameter limits. */
const CHUNK = 500;

/** Sets read and/or starred of one article for one user; null when they follow no such article. */
export async function updateArticleState(
  db: Db,
  input: { userId: number; id: number; read?: boolean; starred?: boolean; now: Date },
): Promise<ArticleState | null> {
  const provider = providerOf(db);
  return inTransaction(db, async (tx) => {
    const [visible] = await querySql<{ id: number }>(
      tx,
      provider,
      sql`SELECT "id" FROM "Article" WHERE "id" = ${input.id} AND ${subscribedSourcesSql(input.userId)}`,
    );
    if (visible === undefined) return null;
    const change = { userId: input.userId, ids: [input.id], now: input.now };
    if (input.read !== undefined) await setReadOfIds(tx, provider, { ...change, read: input.read });
    if (input.starred !== undefined) await setStarredOfIds(tx, provider, { ...change, starred: input.starred });
    return readArticleState(tx, provider, input.userId, input.id);
  });
}

async function readArticleState(tx: Tx, provider: Provider, userId: number, id: number): Promise<ArticleState> {
  const [row] = await querySql<{ unread: number; starred: number }>(
    tx,
    provider,
    sql`SELECT
      (SELECT COUNT(*) FROM "UnreadArticle" WHERE "userId" = ${userId} AND "articleId" = ${id}) AS "unread",
      (SELECT COUNT(*) FROM "StarredArticle" WHERE "userId" = ${userId} AND "articleId" = ${id}) AS "starred"`,
  );
  return { id, read: Number(row?.unread ?? 0) === 0, starred: Number(row?.starred ?? 0) > 0 };
}

/**
 * Sets read and/or starred (null: leave it) of many articles at once, for the feed apps' APIs (up
 * to 10,000 ids a call): one transaction, long enough not to fail behind a round's write lock.
 */
export async function updateArticleStates(
  db: Db,
  input: { userId: number; ids: number[]; read: boolean | null; starred: boolean | null; now: Date },
): Promise<void> {
  const provider = providerOf(db);
  await inTransaction(
    db,
    async (tx) => {
      if (input.read !== null) await setReadOfIds(tx, provider, { ...input, read: input.read });
      if (input.starred !== null) await setStarredOfIds(tx, provider, { ...input, starred: input.starred });
    },
    "bulk",
  );
}

/**
 * Marks every unread article of one user's view read; returns their ids (the undo list).
 * `olderThan` limits it to articles published before that time; `maxId` to articles the reader
 * had a chance to see (those that arrived later stay unread); `seenBefore` to articles Tidings
 * stored before that time (an app's last sync: what it had a chance to see).
 */
export async function markRead(
  db: Db,
  input: {
    userId: number;
    scope: ArticleScope;
    olderThan: Date | null;
    maxId: number | null;
    seenBefore?: Date | null;
    now: Date;
  },
): Promise<number[]> {
  const provider = providerOf(db);
  // The view's articles, unread or not: the DELETE below takes only this user's unread rows of them.
  const view = joinConditions([
    ...buildScopeConditions({ ...input.scope, unread: false }, input.userId, provider),
    ...(input.olderThan === null ? [] : [sql`"publishedAt" < ${input.olderThan}`]),
    ...(input.maxId === null ? [] : [sql`"id" <= ${input.maxId}`]),
    ...(input.seenBefore == null ? [] : [sql`"firstSeenAt" < ${input.seenBefore}`]),
  ]);
  return inTransaction(
    db,
    async (tx) => {
      // One statement: on SQLite it takes the write lock at once (no read-then-upgrade race with a round).
      const changed = await querySql<Changed>(
        tx,
        provider,
        sql`DELETE FROM "UnreadArticle" WHERE "userId" = ${input.userId}
          AND "articleId" IN (SELECT "id" FROM "Article" WHERE ${view})
          RETURNING "articleId" AS "id", "sourceId"`,
      );
      await adjustUnreadCounts(tx, input.userId, changed, -1);
      return changed.map((row) => Number(row.id)).sort((a, b) => a - b);
    },
    "bulk",
  );
}

/** Marks these articles unread again for one user (the undo of markRead); returns the ids that changed. */
export async function markUnread(db: Db, input: { userId: number; ids: number[] }): Promise<number[]> {
  const provider = providerOf(db);
  return inTransaction(
    db,
    (tx) => setReadOfIds(tx, provider, { userId: input.userId, ids: input.ids, read: false }),
    "bulk",
  );
}

/**
 * Sets read of many articles by id for one user (the apps' edit-tag); ids that are unknown, of a
 * source they do not follow, or already so change nothing. Returns the ids that changed, ascending.
 */
export async function setReadOfIds(
  tx: Tx,
  provider: Provider,
  input: { userId: number; ids: number[]; read: boolean },
): Promise<number[]> {
  const changedIds: number[] = [];
  for (const ids of chunk([...new Set(input.ids)], CHUNK)) {
    const list = joinSql(ids);
    const changed = await querySql<Changed>(
      tx,
      provider,
      input.read
        ? sql`DELETE FROM "UnreadArticle" WHERE "userId" = ${input.userId} AND "articleId" IN (${list})
            RETURNING "articleId" AS "id", "sourceId"`
        : sql`INSERT INTO "UnreadArticle" ("userId", "articleId", "sourceId", "publishedAt")
            SELECT ${input.userId}, "id", "sourceId", "publishedAt" FROM "Article"
            WHERE "id" IN (${list}) AND ${subscribedSourcesSql(input.userId)}
            ON CONFLICT DO NOTHING RETURNING "articleId" AS "id", "sourceId"`,
    );
    await adjustUnreadCounts(tx, input.userId, changed, input.read ? -1 : 1);
    changedIds.push(...changed.map((row) => Number(row.id)));
  }
  return changedIds.sort((a, b) => a - b);
}

/** Sets starred of many articles by id for one user; starring an already starred article keeps its original starredAt. */
export async function setStarredOfIds(
  tx: Tx,
  provider: Provider,
  input: { userId: number; ids: number[]; starred: boolean; now: Date },
): Promise<void> {
  for (const ids of chunk([...new Set(input.ids)], CHUNK)) {
    const list = joinSql(ids);
    await querySql(
      tx,
      provider,
      input.starred
        ? sql`INSERT INTO "StarredArticle" ("userId", "articleId", "sourceId", "publishedAt", "starredAt")
            SELECT ${input.userId}, "id", "sourceId", "publishedAt", ${input.now} FROM "Article"
            WHERE "id" IN (${list}) AND ${subscribedSourcesSql(input.userId)}
            ON CONFLICT DO NOTHING RETURNING "articleId"`
        : sql`DELETE FROM "StarredArticle" WHERE "userId" = ${input.userId} AND "articleId" IN (${list}) RETURNING "articleId"`,
    );
  }
}

/**
 * Adds `sign` × (changed articles of each source) to the user's Subscription.unreadCount. Sources
 * are grouped by their delta, so a "mark all read" over 1,000 sources is a handful of UPDATEs.
 */
async function adjustUnreadCounts(tx: Tx, userId: number, changed: Changed[], sign: 1 | -1): Promise<void> {
  const perSource = new Map<number, number>();
  for (const row of changed) perSource.set(Number(row.sourceId), (perSource.get(Number(row.sourceId)) ?? 0) + 1);
  const byDelta = new Map<number, number[]>();
  for (const [sourceId, count] of perSource) {
    const group = byDelta.get(count);
    if (group) group.push(sourceId);
    else byDelta.set(count, [sourceId]);
  }
  for (const [count, sourceIds] of byDelta) {
    for (const ids of chunk(sourceIds, CHUNK)) {
      await tx.subscription.updateMany({
        where: { userId, sourceId: { in: ids } },
        data: { unreadCount: { increment: sign * count } },
      });
    }
  }
}

function chunk<T>(values: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let index = 0; index < values.length; index += size) parts.push(values.slice(index, index + size));
  return parts;
}
