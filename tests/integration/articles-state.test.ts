import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { compareUnreadCounts, seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { markRead, markUnread, updateArticleState } from "@/lib/pipeline/store/reading/article-state";
import { ALL_ARTICLES, type ArticleScope } from "@/lib/base/article-scope";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let provider: "sqlite" | "postgresql";
let folderId: number;
let reader: number;
const sources: number[] = [];
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();

beforeAll(async () => {
  database = await createFreshDatabase();
  provider = database.target.provider;
  reader = await readerId(database.db);
});
afterAll(async () => {
  await database.dispose();
});

beforeEach(async () => {
  await database.db.source.deleteMany();
  await database.db.userFolder.deleteMany();
  sources.splice(0);
  sources.push(await seedSource(database.db, { title: "One", folder: "News" }));
  sources.push(await seedSource(database.db, { title: "Two", folder: "News" }));
  sources.push(await seedSource(database.db, { title: "Three" }));
  folderId = (await database.db.userFolder.findFirstOrThrow({ where: { userId: reader, name: "News" } })).id;
  for (const [index, sourceId] of sources.entries()) {
    await seedArticles(
      database.db,
      sourceId,
      Array.from({ length: 12 }, (_, n) => ({
        title: n === 5 ? `Kernel release ${index}` : `Story ${index}.${n}`,
        publishedAt: new Date(now.getTime() - n * DAY),
        read: n % 4 === 3,
        starred: n % 5 === 0,
      })),
    );
  }
});

async function expectCountsExact(): Promise<void> {
  for (const row of await compareUnreadCounts(database.db))
    expect(row.stored, `source ${row.sourceId}`).toBe(row.counted);
}

const UNREAD = () => ({ unreadBy: { some: { userId: reader } } });
const READ = () => ({ unreadBy: { none: { userId: reader } } });

async function unreadCountOf(sourceId: number): Promise<number> {
  return (
    await database.db.subscription.findUniqueOrThrow({ where: { userId_sourceId: { userId: reader, sourceId } } })
  ).unreadCount;
}

async function starredAtOf(articleId: number): Promise<Date | null> {
  const row = await database.db.starredArticle.findUnique({
    where: { userId_articleId: { userId: reader, articleId } },
  });
  return row?.starredAt ?? null;
}

async function unreadIds(where: object = {}): Promise<number[]> {
  return (
    await database.db.article.findMany({
      where: { ...UNREAD(), ...where },
      select: { id: true },
      orderBy: { id: "asc" },
    })
  ).map((row) => row.id);
}

const scope = (fields: Partial<ArticleScope>): ArticleScope => ({ ...ALL_ARTICLES, ...fields });

describe("one article's state", () => {
  it("reads, un-reads and stars, adjusting the subscription's unread count once per real change", async () => {
    const [id] = await unreadIds({ sourceId: sources[0] });
    const before = await unreadCountOf(sources[0]!);
    expect(await updateArticleState(database.db, { userId: reader, id: id!, read: true, now })).toEqual({
      id,
      read: true,
      starred: expect.any(Boolean),
    });
    expect(await updateArticleState(database.db, { userId: reader, id: id!, read: true, now })).toMatchObject({
      read: true,
    });
    expect(await unreadCountOf(sources[0]!)).toBe(before - 1);
    await updateArticleState(database.db, { userId: reader, id: id!, read: false, now });
    expect(await unreadCountOf(sources[0]!)).toBe(before);
    await expectCountsExact();
  });

  it("keeps the first starredAt when starred twice, and clears it on unstar", async () => {
    const [id] = await unreadIds({ starredBy: { none: {} } });
    const first = new Date(now.getTime() - 1000);
    await updateArticleState(database.db, { userId: reader, id: id!, starred: true, now: first });
    await updateArticleState(database.db, { userId: reader, id: id!, starred: true, now });
    expect(await starredAtOf(id!)).toEqual(first);
    expect(await updateArticleState(database.db, { userId: reader, id: id!, starred: false, now })).toMatchObject({
      starred: false,
    });
    expect(await starredAtOf(id!)).toBeNull();
  });

  it("answers null for an article that does not exist, changing nothing", async () => {
    expect(
      await updateArticleState(database.db, { userId: reader, id: 999_999, read: true, starred: true, now }),
    ).toBeNull();
    await expectCountsExact();
  });

  it("counts once when two requests read the same article at the same time", async () => {
    const ids = await unreadIds({ sourceId: sources[1] });
    await Promise.all(
      ids.flatMap((id) =>
        [1, 2, 3].map(() => updateArticleState(database.db, { userId: reader, id, read: true, now })),
      ),
    );
    expect(await unreadCountOf(sources[1]!)).toBe(0);
    await expectCountsExact();
  });
});

describe("mark all read", () => {
  it.each([
    ["everything", () => scope({}), {}],
    ["one source", () => scope({ sourceId: sources[2]! }), () => ({ sourceId: sources[2] })],
    ["one folder", () => scope({ folderId }), () => ({ source: { subscriptions: { some: { folderId } } } })],
    ["starred", () => scope({ starred: true }), () => ({ starredBy: { some: { userId: reader } } })],
    ["a search", () => scope({ q: "kernel" }), () => ({ title: { startsWith: "Kernel" } })],
  ])("marks exactly the unread articles of %s and returns their ids", async (_label, scopeOf, whereOf) => {
    const where = typeof whereOf === "function" ? whereOf() : whereOf;
    const expected = await unreadIds(where);
    const untouched = (await unreadIds()).filter((id) => !expected.includes(id));
    expect(expected.length).toBeGreaterThan(0);
    expect(
      await markRead(database.db, { userId: reader, scope: scopeOf(), olderThan: null, maxId: null, now }),
    ).toEqual(expected);
    expect(await unreadIds()).toEqual(untouched);
    await expectCountsExact();
  });

  it("with olderThan, leaves the newer articles unread", async () => {
    const cutoff = new Date(now.getTime() - 3.5 * DAY);
    const expected = await unreadIds({ sourceId: sources[0], publishedAt: { lt: cutoff } });
    expect(expected.length).toBeGreaterThan(0);
    expect(
      await markRead(database.db, {
        userId: reader,
        scope: scope({ sourceId: sources[0]! }),
        olderThan: cutoff,
        maxId: null,
        now,
      }),
    ).toEqual(expected);
    const stillUnread = await database.db.article.findMany({
      where: { sourceId: sources[0], ...UNREAD() },
      select: { publishedAt: true },
    });
    expect(stillUnread.length).toBeGreaterThan(0);
    for (const row of stillUnread) expect(row.publishedAt.getTime()).toBeGreaterThanOrEqual(cutoff.getTime());
    await expectCountsExact();
  });

  it("with maxId, leaves articles that arrived after the reader loaded the view", async () => {
    const maxId = (await database.db.article.aggregate({ _max: { id: true } }))._max.id!;
    const [late] = await seedArticles(database.db, sources[0]!, [{ title: "Arrived just now" }]);
    const marked = await markRead(database.db, { userId: reader, scope: scope({}), olderThan: null, maxId, now });
    expect(marked).not.toContain(late);
    expect(await unreadIds()).toEqual([late]);
    await expectCountsExact();
  });

  it("is undone by mark-unread with the returned ids, and only those", async () => {
    const before = await unreadIds();
    const marked = await markRead(database.db, {
      userId: reader,
      scope: scope({ folderId }),
      olderThan: null,
      maxId: null,
      now,
    });
    const [otherRead] = await database.db.article.findMany({
      where: { ...READ(), id: { notIn: marked } },
      select: { id: true },
      take: 1,
    });
    // Ids that are unread already (or unknown) change nothing.
    expect(await markUnread(database.db, { userId: reader, ids: [...marked, before[0]!, 999_999] })).toEqual(marked);
    expect(await unreadIds()).toEqual(before);
    expect(await unreadIds({ id: otherRead!.id })).toEqual([]);
    await expectCountsExact();
  });

  it("stores starredAt and the copied publishedAt exactly as Prisma does, so dates still compare and sort", async () => {
    const [id] = await unreadIds({ starredBy: { none: {} } });
    await updateArticleState(database.db, { userId: reader, id: id!, starred: true, read: false, now });
    const starred = await database.db.starredArticle.findFirstOrThrow({
      where: { userId: reader, starredAt: { gte: now, lte: now } },
    });
    expect(starred.starredAt).toEqual(now);
    const article = await database.db.article.findUniqueOrThrow({ where: { id: id! } });
    expect(starred.publishedAt).toEqual(article.publishedAt);
    if (provider === "sqlite") {
      const raw = await database.db.$queryRawUnsafe<{ starredAt: string }[]>(
        `SELECT CAST("starredAt" AS TEXT) AS "starredAt" FROM "StarredArticle" WHERE "articleId" = ?`,
        id,
      );
      expect(raw[0]!.starredAt).toBe(now.toISOString().replace("Z", "+00:00"));
    }
  });
});

describe("Subscription.unreadCount", () => {
  it("equals COUNT(*) of unread articles after any mix of reads, stars, bulk marks and undos", async () => {
    const all = (await database.db.article.findMany({ select: { id: true } })).map((row) => row.id);
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("read" as const),
        index: fc.nat(all.length - 1),
        read: fc.boolean(),
        starred: fc.option(fc.boolean(), { nil: undefined }),
      }),
      fc.record({
        kind: fc.constant("markRead" as const),
        source: fc.option(fc.nat(2), { nil: null }),
        folder: fc.boolean(),
        starred: fc.boolean(),
        olderDays: fc.option(fc.nat(12), { nil: null }),
      }),
      fc.record({ kind: fc.constant("undo" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        let lastMarked: number[] = [];
        for (const op of operations) {
          if (op.kind === "read") {
            await updateArticleState(database.db, {
              userId: reader,
              id: all[op.index]!,
              read: op.read,
              starred: op.starred,
              now,
            });
          } else if (op.kind === "markRead") {
            lastMarked = await markRead(database.db, {
              userId: reader,
              scope: scope({
                sourceId: op.source === null ? null : sources[op.source]!,
                folderId: op.folder ? folderId : null,
                starred: op.starred,
              }),
              olderThan: op.olderDays === null ? null : new Date(now.getTime() - op.olderDays * DAY),
              maxId: null,
              now,
            });
          } else if (lastMarked.length > 0) {
            await markUnread(database.db, { userId: reader, ids: lastMarked });
          }
        }
        for (const row of await compareUnreadCounts(database.db)) expect(row.stored).toBe(row.counted);
      }),
      { numRuns: 25 },
    );
  });
});
