import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { compareUnreadCounts, seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { markRead, markUnread, updateArticleState } from "@/lib/pipeline/store/reading/article-state";
import { ALL_ARTICLES, type ArticleScope } from "@/lib/base/article-scope";

let database: FreshDatabase;
let provider: "sqlite" | "postgresql";
let folderId: number;
const sources: number[] = [];
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();

beforeAll(async () => {
  database = await createFreshDatabase();
  provider = database.target.provider;
});
afterAll(async () => {
  await database.dispose();
});

beforeEach(async () => {
  await database.db.source.deleteMany();
  await database.db.folder.deleteMany();
  sources.splice(0);
  sources.push(await seedSource(database.db, { title: "One", folder: "News" }));
  sources.push(await seedSource(database.db, { title: "Two", folder: "News" }));
  sources.push(await seedSource(database.db, { title: "Three" }));
  folderId = (await database.db.folder.findUniqueOrThrow({ where: { name: "News" } })).id;
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

async function unreadIds(where: object = {}): Promise<number[]> {
  return (
    await database.db.article.findMany({
      where: { readAt: null, ...where },
      select: { id: true },
      orderBy: { id: "asc" },
    })
  ).map((row) => row.id);
}

const scope = (fields: Partial<ArticleScope>): ArticleScope => ({ ...ALL_ARTICLES, ...fields });

describe("one article's state", () => {
  it("reads, un-reads and stars, adjusting the source's unread count once per real change", async () => {
    const [id] = await unreadIds({ sourceId: sources[0] });
    const before = await database.db.source.findUniqueOrThrow({ where: { id: sources[0] } });
    expect(await updateArticleState(database.db, { id: id!, read: true, now })).toEqual({
      id,
      read: true,
      starred: expect.any(Boolean),
    });
    expect(await updateArticleState(database.db, { id: id!, read: true, now })).toMatchObject({ read: true });
    expect((await database.db.source.findUniqueOrThrow({ where: { id: sources[0] } })).unreadCount).toBe(
      before.unreadCount - 1,
    );
    await updateArticleState(database.db, { id: id!, read: false, now });
    expect((await database.db.source.findUniqueOrThrow({ where: { id: sources[0] } })).unreadCount).toBe(
      before.unreadCount,
    );
    await expectCountsExact();
  });

  it("keeps the first starredAt when starred twice, and clears it on unstar", async () => {
    const [id] = await unreadIds({ starredAt: null });
    const first = new Date(now.getTime() - 1000);
    await updateArticleState(database.db, { id: id!, starred: true, now: first });
    await updateArticleState(database.db, { id: id!, starred: true, now });
    expect((await database.db.article.findUniqueOrThrow({ where: { id: id! } })).starredAt).toEqual(first);
    expect(await updateArticleState(database.db, { id: id!, starred: false, now })).toMatchObject({ starred: false });
    expect((await database.db.article.findUniqueOrThrow({ where: { id: id! } })).starredAt).toBeNull();
  });

  it("answers null for an article that does not exist, changing nothing", async () => {
    expect(await updateArticleState(database.db, { id: 999_999, read: true, starred: true, now })).toBeNull();
    await expectCountsExact();
  });

  it("counts once when two requests read the same article at the same time", async () => {
    const ids = await unreadIds({ sourceId: sources[1] });
    await Promise.all(
      ids.flatMap((id) => [1, 2, 3].map(() => updateArticleState(database.db, { id, read: true, now }))),
    );
    expect((await database.db.source.findUniqueOrThrow({ where: { id: sources[1] } })).unreadCount).toBe(0);
    await expectCountsExact();
  });
});

describe("mark all read", () => {
  it.each([
    ["everything", () => scope({}), {}],
    ["one source", () => scope({ sourceId: sources[2]! }), () => ({ sourceId: sources[2] })],
    ["one folder", () => scope({ folderId }), () => ({ source: { folderId } })],
    ["starred", () => scope({ starred: true }), () => ({ starredAt: { not: null } })],
    ["a search", () => scope({ q: "kernel" }), () => ({ title: { startsWith: "Kernel" } })],
  ])("marks exactly the unread articles of %s and returns their ids", async (_label, scopeOf, whereOf) => {
    const where = typeof whereOf === "function" ? whereOf() : whereOf;
    const expected = await unreadIds(where);
    const untouched = (await unreadIds()).filter((id) => !expected.includes(id));
    expect(expected.length).toBeGreaterThan(0);
    expect(await markRead(database.db, { scope: scopeOf(), olderThan: null, maxId: null, now })).toEqual(expected);
    expect(await unreadIds()).toEqual(untouched);
    await expectCountsExact();
  });

  it("with olderThan, leaves the newer articles unread", async () => {
    const cutoff = new Date(now.getTime() - 3.5 * DAY);
    const expected = await unreadIds({ sourceId: sources[0], publishedAt: { lt: cutoff } });
    expect(expected.length).toBeGreaterThan(0);
    expect(
      await markRead(database.db, { scope: scope({ sourceId: sources[0]! }), olderThan: cutoff, maxId: null, now }),
    ).toEqual(expected);
    const stillUnread = await database.db.article.findMany({
      where: { sourceId: sources[0], readAt: null },
      select: { publishedAt: true },
    });
    expect(stillUnread.length).toBeGreaterThan(0);
    for (const row of stillUnread) expect(row.publishedAt.getTime()).toBeGreaterThanOrEqual(cutoff.getTime());
    await expectCountsExact();
  });

  it("with maxId, leaves articles that arrived after the reader loaded the view", async () => {
    const maxId = (await database.db.article.aggregate({ _max: { id: true } }))._max.id!;
    const [late] = await seedArticles(database.db, sources[0]!, [{ title: "Arrived just now" }]);
    const marked = await markRead(database.db, { scope: scope({}), olderThan: null, maxId, now });
    expect(marked).not.toContain(late);
    expect(await unreadIds()).toEqual([late]);
    await expectCountsExact();
  });

  it("is undone by mark-unread with the returned ids, and only those", async () => {
    const before = await unreadIds();
    const marked = await markRead(database.db, { scope: scope({ folderId }), olderThan: null, maxId: null, now });
    const [otherRead] = await database.db.article.findMany({
      where: { readAt: { not: null }, id: { notIn: marked } },
      select: { id: true },
      take: 1,
    });
    // Ids that are unread already (or unknown) change nothing.
    expect(await markUnread(database.db, { ids: [...marked, before[0]!, 999_999] })).toEqual(marked);
    expect(await unreadIds()).toEqual(before);
    expect((await database.db.article.findUniqueOrThrow({ where: { id: otherRead!.id } })).readAt).not.toBeNull();
    await expectCountsExact();
  });

  it("stores readAt exactly as Prisma does, so dates still compare and sort", async () => {
    await markRead(database.db, { scope: scope({ sourceId: sources[0]! }), olderThan: null, maxId: null, now });
    const marked = await database.db.article.findFirstOrThrow({
      where: { sourceId: sources[0], readAt: { gte: now, lte: now } },
    });
    expect(marked.readAt).toEqual(now);
    if (provider === "sqlite") {
      const raw = await database.db.$queryRawUnsafe<{ readAt: string }[]>(
        `SELECT CAST("readAt" AS TEXT) AS "readAt" FROM "Article" WHERE "id" = ?`,
        marked.id,
      );
      expect(raw[0]!.readAt).toBe(now.toISOString().replace("Z", "+00:00"));
    }
  });
});

describe("Source.unreadCount", () => {
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
            await updateArticleState(database.db, { id: all[op.index]!, read: op.read, starred: op.starred, now });
          } else if (op.kind === "markRead") {
            lastMarked = await markRead(database.db, {
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
            await markUnread(database.db, { ids: lastMarked });
          }
        }
        for (const row of await compareUnreadCounts(database.db)) expect(row.stored).toBe(row.counted);
      }),
      { numRuns: 25 },
    );
  });
});
