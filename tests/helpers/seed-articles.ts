// Seeds sources and articles through Prisma for the reader's tests, the way the fetch store
// leaves them: searchText written by the store's rule, Source.unreadCount counting the unread
// articles it inserted, articleCount all of them.
import type { Db } from "@/lib/db/client";
import { disconnectDb } from "@/lib/db/client";
import { forget } from "@/lib/base/remember";
import type { FreshDatabase } from "@/tests/helpers/fresh-database";
import type { Enclosure } from "@/lib/reads/articles/dto";
import { buildSearchText } from "@/lib/db/search-text";

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
      ...(input.folder
        ? { folder: { connectOrCreate: { where: { name: input.folder }, create: { name: input.folder } } } }
        : {}),
      ...input.state,
    },
    select: { id: true },
  });
  return source.id;
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
        readAt: article.read ? new Date(now) : null,
        starredAt: article.starred ? new Date(now) : null,
      };
    }),
    select: { id: true },
  });
  const unread = articles.filter((article) => !article.read).length;
  await db.source.update({
    where: { id: sourceId },
    data: { unreadCount: { increment: unread }, articleCount: { increment: articles.length } },
  });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Each source's stored unreadCount next to a fresh COUNT(*) of its unread articles. */
export async function compareUnreadCounts(db: Db): Promise<{ sourceId: number; stored: number; counted: number }[]> {
  const [sources, counts] = await Promise.all([
    db.source.findMany({ select: { id: true, unreadCount: true }, orderBy: { id: "asc" } }),
    db.article.groupBy({ by: ["sourceId"], where: { readAt: null }, _count: { _all: true } }),
  ]);
  const counted = new Map(counts.map((row) => [row.sourceId, row._count._all]));
  return sources.map((source) => ({
    sourceId: source.id,
    stored: source.unreadCount,
    counted: counted.get(source.id) ?? 0,
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
