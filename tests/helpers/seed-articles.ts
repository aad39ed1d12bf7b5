// Seeds sources and articles through Prisma for the reader's tests, the way the fetch store
// leaves them: each source followed by the reader (the first admin), searchText written by the
// store's rule, an UnreadArticle row per subscriber of each unread article and a StarredArticle
// row per starred one, Subscription.unreadCount counting them, articleCount all of them.
import type { Db } from "@/lib/db/client";
import { disconnectDb } from "@/lib/db/client";
import { forget } from "@/lib/base/remember";
import type { FreshDatabase } from "@/tests/helpers/fresh-database";
import type { Enclosure } from "@/lib/reads/articles/dto";
import { buildSearchText } from "@/lib/db/search-text";
import { readerId } from "@/tests/helpers/reader-user";

export type ArticleSeed = {
  title?: string;
  content?: string | null;
  snippet?: string | null;
  url?: string | null;
  author?: string | null;
  publishedAt?: Date;
  read?: boolean;
  starred?: boolean;
  enclosures?: Enclosure[];
};

export type SourceSeed = {
  title: string;
  folder?: string | null;
  /** Whose subscription it is: the reader (the first admin) unless given. */
  userId?: number;
  customTitle?: string | null;
  /** Fields of the Source row, e.g. { breakerState: "open" } for a red health dot. */
  state?: Record<string, unknown>;
};

let sequence = 0;

/** A source that fetched fine an hour ago and brought something new. */
export async function seedSource(db: Db, input: SourceSeed): Promise<number> {
  sequence += 1;
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const source = await db.source.create({
    data: {
      feedUrl: `https://publisher-${sequence}.example/feed.xml`,
      title: input.title,
      lastFetchedAt: hourAgo,
      lastOutcome: "ok",
      lastSuccessAt: hourAgo,
      lastNewArticleAt: hourAgo,
      ...input.state,
    },
    select: { id: true },
  });
  await subscribeSeeded(db, { userId: input.userId ?? (await readerId(db)), sourceId: source.id, ...input });
  return source.id;
}

/** A subscription to a seeded source, in a folder of that user's when named. */
export async function subscribeSeeded(
  db: Db,
  input: { userId: number; sourceId: number; folder?: string | null; customTitle?: string | null },
): Promise<void> {
  const folder = input.folder
    ? await db.userFolder.upsert({
        where: { userId_name: { userId: input.userId, name: input.folder } },
        create: { userId: input.userId, name: input.folder },
        update: {},
      })
    : null;
  await db.subscription.create({
    data: {
      userId: input.userId,
      sourceId: input.sourceId,
      folderId: folder?.id ?? null,
      customTitle: input.customTitle ?? null,
    },
  });
}

/** Inserts articles for one source in the given order; returns their ids. */
export async function seedArticles(db: Db, sourceId: number, articles: ArticleSeed[]): Promise<number[]> {
  if (articles.length === 0) return [];
  const now = Date.now();
  const rows = await db.article.createManyAndReturn({
    data: articles.map((article, index) => {
      sequence += 1;
      const title = article.title ?? `Article ${sequence}`;
      const content = article.content === undefined ? `<p>The body of ${title}.</p>` : article.content;
      return {
        sourceId,
        dedupeKey: `seed:${sequence}`,
        contentHash: `hash:${sequence}`,
        title,
        url: article.url === undefined ? `https://publisher.example/posts/${sequence}` : article.url,
        author: article.author ?? null,
        snippet: article.snippet === undefined ? `The first lines of ${title}.` : article.snippet,
        content,
        searchText: buildSearchText(title, content),
        enclosures: article.enclosures && article.enclosures.length > 0 ? JSON.stringify(article.enclosures) : null,
        publishedAt: article.publishedAt ?? new Date(now - index * 60_000),
      };
    }),
    select: { id: true, publishedAt: true },
  });
  const subscribers = await db.subscription.findMany({ where: { sourceId }, select: { userId: true } });
  const seeded = rows.map((row, index) => ({ ...row, seed: articles[index]! }));
  for (const { userId } of subscribers) {
    const unread = seeded.filter((row) => !row.seed.read);
    await db.unreadArticle.createMany({
      data: unread.map((row) => ({ userId, articleId: row.id, sourceId, publishedAt: row.publishedAt })),
    });
    await db.starredArticle.createMany({
      data: seeded
        .filter((row) => row.seed.starred)
        .map((row) => ({
          userId,
          articleId: row.id,
          sourceId,
          publishedAt: row.publishedAt,
          starredAt: new Date(now),
        })),
    });
    await db.subscription.update({
      where: { userId_sourceId: { userId, sourceId } },
      data: { unreadCount: { increment: unread.length } },
    });
  }
  await db.source.update({ where: { id: sourceId }, data: { articleCount: { increment: articles.length } } });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Each subscription's stored unreadCount next to a fresh COUNT(*) of its unread rows. */
export async function compareUnreadCounts(
  db: Db,
): Promise<{ userId: number; sourceId: number; stored: number; counted: number }[]> {
  const [subscriptions, counts] = await Promise.all([
    db.subscription.findMany({
      select: { userId: true, sourceId: true, unreadCount: true },
      orderBy: [{ userId: "asc" }, { sourceId: "asc" }],
    }),
    db.unreadArticle.groupBy({ by: ["userId", "sourceId"], _count: { _all: true } }),
  ]);
  const counted = new Map(counts.map((row) => [`${row.userId}:${row.sourceId}`, row._count._all]));
  return subscriptions.map((subscription) => ({
    userId: subscription.userId,
    sourceId: subscription.sourceId,
    stored: subscription.unreadCount,
    counted: counted.get(`${subscription.userId}:${subscription.sourceId}`) ?? 0,
  }));
}

/**
 * Points the app's own singletons (getDb(), getDatabaseTarget()) at a test database, so that data
 * functions and route handlers can be called in-process. Returns the way back.
 */
export function useDatabaseInProcess(database: FreshDatabase): () => Promise<void> {
  const previous = process.env.DATABASE_URL;
  const reset = () => ["env", "database-target", "prisma"].forEach((name) => forget(name));
  process.env.DATABASE_URL = database.url;
  reset();
  return async () => {
    await disconnectDb();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
    reset();
  };
}
