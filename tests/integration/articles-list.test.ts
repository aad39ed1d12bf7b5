import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { createFreshDatabase, testingPostgres, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { readAllPages } from "@/tests/helpers/read-all-pages";
import { readerId } from "@/tests/helpers/reader-user";
import { listArticles } from "@/lib/reads/articles/list-articles";
import { ALL_ARTICLES, type ArticleScope } from "@/lib/base/article-scope";
import { decodeCursor, encodeCursor, type ArticleCursor } from "@/lib/pipeline/store/reading/cursor";
import type { ListOrder } from "@/lib/base/list-order";
import { countNewArticlesSince } from "@/lib/reads/articles/count-new-articles-since";
import { buildSearchSql } from "@/lib/db/search-sql";
import { buildSearchText } from "@/lib/db/search-text";

let database: FreshDatabase;
let restore: () => Promise<void>;
const ids: Record<"alpha" | "beta" | "gamma", number> = { alpha: 0, beta: 0, gamma: 0 };
let techFolderId = 0;
let reader = 0;

// Ten instants, each shared by several articles of several sources: the keyset must order ties by id.
const instants = Array.from({ length: 10 }, (_, index) => new Date(Date.UTC(2025, 0, 10 - index, 12)));

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  reader = await readerId(database.db);
  ids.alpha = await seedSource(database.db, { title: "Alpha", folder: "Tech" });
  ids.beta = await seedSource(database.db, { title: "Beta", folder: "Tech" });
  ids.gamma = await seedSource(database.db, { title: "Gamma" });
  techFolderId = (await database.db.userFolder.findFirstOrThrow({ where: { userId: reader, name: "Tech" } })).id;
  for (const [index, sourceId] of [ids.alpha, ids.beta, ids.gamma].entries()) {
    await seedArticles(
      database.db,
      sourceId,
      Array.from({ length: 45 }, (_, n) => ({
        title: `Post ${index}-${n}`,
        publishedAt: instants[(n * 7 + index) % instants.length]!,
        read: n % 3 === 0,
        starred: n % 10 === 4,
      })),
    );
  }
  await seedArticles(database.db, ids.gamma, [
    { title: "Learning RUST the hard way", content: "<p>ownership</p>", publishedAt: instants[3]! },
    { title: "A quiet post", content: "<p>Deep inside: the Borrow Checker explained</p>", publishedAt: instants[4]! },
    { title: "100% real_numbers", content: "<p>percent</p>", publishedAt: instants[5]! },
    { title: "1000 real numbers", content: "<p>no percent sign here</p>", publishedAt: instants[5]! },
    {
      title: "Linked",
      content: '<p>See <a href="https://example.org/hidden-path" title="tooltip">this page</a></p>',
      publishedAt: instants[6]!,
    },
  ]);
});

afterAll(async () => {
  await restore();
  await database.dispose();
});

async function expectedIds(scope: ArticleScope, order: ListOrder = "newest"): Promise<number[]> {
  const rows = await database.db.article.findMany({
    include: {
      source: { include: { subscriptions: { where: { userId: reader } } } },
      unreadBy: { where: { userId: reader } },
      starredBy: { where: { userId: reader } },
    },
  });
  return rows
    .filter((row) => scope.sourceId === null || row.sourceId === scope.sourceId)
    .filter((row) => scope.folderId === null || row.source.subscriptions[0]?.folderId === scope.folderId)
    .filter((row) => !scope.unread || row.unreadBy.length > 0)
    .filter((row) => !scope.starred || row.starredBy.length > 0)
    .sort((a, b) => (b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id) * (order === "oldest" ? -1 : 1))
    .map((row) => row.id);
}

describe("keyset pagination", () => {
  it.each([1, 7, 50, 100])("walks every article once, newest first, ties by id, with %i per page", async (limit) => {
    const expected = await expectedIds(ALL_ARTICLES);
    const { items, pages } = await readAllPages(reader, ALL_ARTICLES, limit);
    const seen = items.map((item) => item.id);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
  });

  it.each([
    ["one source", () => ({ ...ALL_ARTICLES, sourceId: ids.beta })],
    ["one folder", () => ({ ...ALL_ARTICLES, folderId: techFolderId })],
    ["unread", () => ({ ...ALL_ARTICLES, unread: true })],
    ["starred", () => ({ ...ALL_ARTICLES, starred: true })],
    ["unread in one folder", () => ({ ...ALL_ARTICLES, unread: true, folderId: techFolderId })],
    ["starred of one source", () => ({ ...ALL_ARTICLES, starred: true, sourceId: ids.alpha })],
  ])("filters %s exactly, across pages", async (_label, scopeOf) => {
    const scope = scopeOf();
    const expected = await expectedIds(scope);
    expect(expected.length).toBeGreaterThan(0);
    expect((await readAllPages(reader, scope, 9)).items.map((item) => item.id)).toEqual(expected);
  });

  it.each([1, 7, 100])(
    "walks every article once, oldest first, ties by id ascending, with %i per page",
    async (limit) => {
      const expected = await expectedIds(ALL_ARTICLES, "oldest");
      const { items, pages } = await readAllPages(reader, ALL_ARTICLES, limit, "oldest");
      expect(items.map((item) => item.id)).toEqual(expected);
      expect(expected).toEqual((await expectedIds(ALL_ARTICLES)).reverse());
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    },
  );

  it.each([
    ["one folder", () => ({ ...ALL_ARTICLES, folderId: techFolderId })],
    ["unread", () => ({ ...ALL_ARTICLES, unread: true })],
    ["starred (SQLite's starred-index path)", () => ({ ...ALL_ARTICLES, starred: true })],
    ["a search", () => ({ ...ALL_ARTICLES, q: "post 1-" })],
  ])("filters %s exactly oldest first too, across pages", async (_label, scopeOf) => {
    const scope = scopeOf();
    const expected = await expectedIds(scope, "oldest");
    const { items } = await readAllPages(reader, scope, 4, "oldest");
    if (scope.q === null) expect(items.map((item) => item.id)).toEqual(expected);
    expect(items.length).toBeGreaterThan(3);
    const times = items.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it("reads on in the order its cursor was made for", async () => {
    const first = await listArticles({ userId: reader, scope: ALL_ARTICLES, cursor: null, order: "oldest", limit: 10 });
    const cursor = decodeCursor(first.nextCursor!);
    expect(cursor?.order).toBe("oldest");
    // Asked with the other order beside it, the cursor wins: the walk neither repeats nor skips.
    const second = await listArticles({ userId: reader, scope: ALL_ARTICLES, cursor, order: "newest", limit: 10 });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
      (await expectedIds(ALL_ARTICLES, "oldest")).slice(0, 20),
    );
  });

  it("neither repeats nor skips when newer articles arrive between two pages", async () => {
    const first = await listArticles({ userId: reader, scope: ALL_ARTICLES, cursor: null, limit: 20 });
    const arrived = await seedArticles(database.db, ids.alpha, [{ title: "Breaking", publishedAt: new Date() }]);
    const rest = await readAllPages(reader, ALL_ARTICLES, 20).then(async () => {
      const seen: number[] = [];
      let cursor = first.nextCursor === null ? null : decodeCursor(first.nextCursor);
      while (cursor !== null) {
        const page = await listArticles({ userId: reader, scope: ALL_ARTICLES, cursor, limit: 20 });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor === null ? null : decodeCursor(page.nextCursor);
      }
      return seen;
    });
    const all = [...first.items.map((item) => item.id), ...rest];
    expect(all).not.toContain(arrived[0]);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual((await expectedIds(ALL_ARTICLES)).filter((id) => id !== arrived[0]));
    await database.db.article.delete({ where: { id: arrived[0]! } });
    await database.db.subscription.updateMany({
      where: { sourceId: ids.alpha },
      data: { unreadCount: { decrement: 1 } },
    });
  });

  it("says how many articles arrived since the page was read, per view", async () => {
    const page = await listArticles({ userId: reader, scope: ALL_ARTICLES, cursor: null, limit: 5 });
    expect(await countNewArticlesSince({ userId: reader, scope: ALL_ARTICLES, sinceId: page.latestId })).toEqual({
      count: 0,
      latestId: page.latestId,
    });
    const arrived = await seedArticles(database.db, ids.beta, [{ title: "New one" }, { title: "New two", read: true }]);
    expect(await countNewArticlesSince({ userId: reader, scope: ALL_ARTICLES, sinceId: page.latestId })).toEqual({
      count: 2,
      latestId: arrived[1],
    });
    expect(
      (
        await countNewArticlesSince({
          userId: reader,
          scope: { ...ALL_ARTICLES, unread: true },
          sinceId: page.latestId,
        })
      ).count,
    ).toBe(1);
    expect(
      (
        await countNewArticlesSince({
          userId: reader,
          scope: { ...ALL_ARTICLES, sourceId: ids.gamma },
          sinceId: page.latestId,
        })
      ).count,
    ).toBe(0);
    await database.db.article.deleteMany({ where: { id: { in: arrived } } });
    await database.db.subscription.updateMany({
      where: { sourceId: ids.beta },
      data: { unreadCount: { decrement: 1 } },
    });
  });
});

describe("cursors", () => {
  it("round-trip and refuse anything they did not make", () => {
    const cursor = { publishedAt: new Date("2025-01-10T12:00:00.123Z"), id: 42, order: "newest" as const };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    const oldest = { ...cursor, order: "oldest" as const };
    expect(decodeCursor(encodeCursor(oldest))).toEqual(oldest);
    expect(encodeCursor(oldest)).not.toBe(encodeCursor(cursor));
    // Tokens made before the order existed read on newest first, as they always did.
    expect(decodeCursor(Buffer.from(`${cursor.publishedAt.getTime()}:42`).toString("base64url"))).toEqual(cursor);
    const best = { ...cursor, order: "best" as const, score: 2.718281828459045 };
    expect(decodeCursor(encodeCursor(best))).toEqual(best);
    expect(decodeCursor(encodeCursor({ ...best, score: 1 - 1 / 3 }))).toEqual({ ...best, score: 1 - 1 / 3 });
    const token = encodeCursor(cursor);
    for (const bad of [
      "",
      "abc",
      token + "A",
      token.slice(1),
      Buffer.from("1:2:3").toString("base64url"),
      Buffer.from("-5:2").toString("base64url"),
      Buffer.from("5:0").toString("base64url"),
      Buffer.from("5:2:n").toString("base64url"),
      Buffer.from("5:2:").toString("base64url"),
      Buffer.from("5:2:b:7ff8000000000000").toString("base64url"),
      Buffer.from("5:2:b:3FF0000000000000").toString("base64url"),
      Buffer.from("5:2:b:3ff00000").toString("base64url"),
      "x".repeat(65),
      `${token}=`,
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});

describe("search", () => {
  const postgres = testingPostgres();
  // By date unless asked: most cases here are about what matches; best match has cases of its own below.
  const search = async (q: string, scope: Partial<ArticleScope> = {}, order: ListOrder = "newest") =>
    (
      await listArticles({ userId: reader, scope: { ...ALL_ARTICLES, ...scope, q }, cursor: null, order, limit: 100 })
    ).items.map((item) => item.title);

  it("matches titles and content without regard to case", async () => {
    expect(await search("rust")).toEqual(["Learning RUST the hard way"]);
    expect(await search("borrow checker")).toEqual(["A quiet post"]);
  });

  it("stays inside the current view", async () => {
    expect(await search("rust", { sourceId: ids.alpha })).toEqual([]);
    expect(await search("rust", { sourceId: ids.gamma })).toEqual(["Learning RUST the hard way"]);
    expect(await search("post", { starred: true })).toEqual(
      (
        await database.db.article.findMany({
          where: { title: { startsWith: "Post " }, starredBy: { some: { userId: reader } } },
          orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
        })
      ).map((row) => row.title),
    );
  });

  it("treats the query's quotes, backslashes and operators as text, never as syntax", async () => {
    // Both databases keep the one word in it; FTS5's AND, OR, NOT, NEAR and column filters too are text.
    expect(await search("'RUST' !:* \\ | & <-> (")).toEqual(["Learning RUST the hard way"]);
    expect(await search('"rust" OR NOT title: NEAR(x) ^* +')).toEqual([]);
    expect(await search("rust AND")).toEqual([]);
    expect(await search("%%% !!")).toEqual([]);
  });

  it("stores and finds an article whose text is far longer than PostgreSQL indexes (1.3 MB of distinct words)", async () => {
    // Unbounded, to_tsvector fails past 1 MB of lexemes, and with it the article's insert.
    const words = Array.from({ length: 40_000 }, (_, index) => createHash("md5").update(String(index)).digest("hex"));
    // Read, so that deleting it afterwards leaves the source's unread count as it was.
    const [id] = await seedArticles(database.db, ids.beta, [
      { title: "Huge", content: `<p>needle ${words.join(" ")}</p>`, publishedAt: instants[9]!, read: true },
    ]);
    try {
      expect(await search("needle")).toEqual(["Huge"]);
    } finally {
      await database.db.article.delete({ where: { id: id! } });
    }
  });

  // The same syntax and the same answers on both databases: FTS5 on SQLite (the hand-written part
  // of migration 0016), the GIN-indexed tsvector on PostgreSQL (0003).
  it("wants every word, in any order, each as the start of a word", async () => {
    expect(await search("hard learn")).toEqual(["Learning RUST the hard way"]);
    expect(await search("numbers real")).toEqual(["1000 real numbers", "100% real_numbers"]);
    expect(await search("wnershi")).toEqual([]);
    expect(await search("rust borrow")).toEqual([]);
    expect(await search("100%")).toEqual(["1000 real numbers", "100% real_numbers"]);
  });

  it('finds "the brown fox" by "fox brown", and keeps it out of the index once removed', async () => {
    const [id] = await seedArticles(database.db, ids.alpha, [
      { title: "The Brown Fox", content: "<p>It jumps over the lazy dog.</p>", publishedAt: instants[2]!, read: true },
    ]);
    try {
      expect(await search("fox brown")).toEqual(["The Brown Fox"]);
      expect(await search("dog laz")).toEqual(["The Brown Fox"]);
      expect(await search("fox cat")).toEqual([]);
      // As the store changes an article: its searchable text with it.
      const searchText = buildSearchText("The Red Fox", "<p>It jumps over the lazy dog.</p>");
      await database.db.article.update({ where: { id: id! }, data: { title: "The Red Fox", searchText } });
      expect(await search("fox brown")).toEqual([]);
      expect(await search("red fox")).toEqual(["The Red Fox"]);
    } finally {
      await database.db.article.delete({ where: { id: id! } });
    }
    expect(await search("fox")).toEqual([]);
  });

  // Both databases index "searchText" (lib/db/search-text.ts), never the stored HTML itself.
  it("searches the words of the content, not its markup: a word only in a tag or an attribute finds nothing", async () => {
    expect(await search("page")).toEqual(["Linked"]);
    for (const markup of ["hidden", "tooltip", "href", "example", "https", "org"])
      expect(await search(markup)).toEqual([]);
    const [id] = await seedArticles(database.db, ids.alpha, [
      {
        title: "Entities",
        content: '<p>Caf&eacute; <span class="marmalade" data-zebra="1">crème</span><img src="/quokka.png" alt=""></p>',
        publishedAt: instants[2]!,
        read: true,
      },
    ]);
    try {
      expect(await search("café crème")).toEqual(["Entities"]);
      for (const markup of ["span", "marmalade", "zebra", "data", "img", "quokka", "eacute"])
        expect(await search(markup)).toEqual([]);
    } finally {
      await database.db.article.delete({ where: { id: id! } });
    }
  });

  // By date on both databases: the list's keyset order, newest first or oldest first, ties by id;
  // these literal lists are what both databases must answer.
  it("gives the same articles in the same order on both databases, on one page or many", async () => {
    const made = await seedArticles(database.db, ids.beta, [
      { title: "Orchard walk", content: "<p>apples</p>", publishedAt: instants[1]!, read: true },
      { title: "Quiet", content: "<p>An <em>orchard</em> at dusk, apples</p>", publishedAt: instants[1]!, read: true },
      { title: "Orchards of Kent", content: "<p>pears</p>", publishedAt: instants[0]!, read: true },
      {
        title: "Apples",
        content: '<p><a href="https://orchard.example/">elsewhere</a></p>',
        publishedAt: instants[8]!,
        read: true,
      },
      { title: "Old orchard", content: "<p>apples and pears</p>", publishedAt: instants[9]!, read: true },
    ]);
    try {
      expect(await search("orchard")).toEqual(["Orchards of Kent", "Quiet", "Orchard walk", "Old orchard"]);
      expect(await search("apples orchard")).toEqual(["Quiet", "Orchard walk", "Old orchard"]);
      const scope = { ...ALL_ARTICLES, q: "orch" };
      const paged = async (order: ListOrder) =>
        (await readAllPages(reader, scope, 1, order)).items.map((item) => item.title);
      expect(await paged("newest")).toEqual(["Orchards of Kent", "Quiet", "Orchard walk", "Old orchard"]);
      expect(await paged("oldest")).toEqual(["Old orchard", "Orchard walk", "Quiet", "Orchards of Kent"]);
    } finally {
      await database.db.article.deleteMany({ where: { id: { in: made } } });
    }
  });

  // Best match (lib/db/search-sql.ts): bm25 on SQLite, ts_rank on PostgreSQL, ordered alike. These
  // literal lists are what both databases must answer, page after page.
  describe("by best match", () => {
    let made: number[] = [];
    beforeAll(async () => {
      made = await seedArticles(database.db, ids.beta, [
        { title: "Walnut harvest notes", content: "<p>A diary.</p>", publishedAt: instants[9]!, read: true },
        {
          title: "Autumn diary",
          content: "<p>The walnut trees gave a fine harvest this year.</p>",
          publishedAt: instants[0]!,
          read: true,
        },
        { title: "Garden log", content: "<p>walnut walnut harvest</p>", publishedAt: instants[1]!, read: true },
        { title: "Harvest festival", content: "<p>walnut cake</p>", publishedAt: instants[5]!, read: true },
      ]);
    });
    afterAll(async () => {
      await database.db.article.deleteMany({ where: { id: { in: made } } });
    });

    const paged = async (q: string, limit: number, order: ListOrder) =>
      (await readAllPages(reader, { ...ALL_ARTICLES, q }, limit, order)).items.map((item) => item.title);

    it("ranks an older article with the words in its title first, and keeps date order for newest first", async () => {
      const best = ["Walnut harvest notes", "Harvest festival", "Garden log", "Autumn diary"];
      const newest = ["Autumn diary", "Garden log", "Harvest festival", "Walnut harvest notes"];
      // A search comes by best match when no order is asked.
      expect(
        (
          await listArticles({ userId: reader, scope: { ...ALL_ARTICLES, q: "walnut harvest" }, cursor: null })
        ).items.map((item) => item.title),
      ).toEqual(best);
      for (const limit of [1, 3, 100]) {
        expect(await paged("walnut harvest", limit, "best")).toEqual(best);
        expect(await paged("walnut harvest", limit, "newest")).toEqual(newest);
      }
    });

    it("gives the same articles in the same order on both databases, on one page or many", async () => {
      // More of the query's words in the title first; then more repeats and shorter articles.
      const cases: [string, string[]][] = [
        ["walnut", ["Walnut harvest notes", "Garden log", "Harvest festival", "Autumn diary"]],
        ["harv walnu", ["Walnut harvest notes", "Harvest festival", "Garden log", "Autumn diary"]],
        ["diary", ["Autumn diary", "Walnut harvest notes"]],
        ["festival walnut", ["Harvest festival"]],
      ];
      for (const [q, expected] of cases) {
        expect(await search(q, {}, "best"), q).toEqual(expected);
        for (const limit of [1, 2]) expect(await paged(q, limit, "best"), `${q} by ${limit}`).toEqual(expected);
      }
      expect(await search("walnut", { unread: true }, "best")).toEqual([]);
    });

    it('finds "the brown fox" by "fox brown", and by prefixes', async () => {
      const [id] = await seedArticles(database.db, ids.alpha, [
        { title: "A tale", content: "<p>The brown fox jumps.</p>", publishedAt: instants[3]!, read: true },
      ]);
      try {
        expect(await search("fox brown", {}, "best")).toEqual(["A tale"]);
        expect(await search("bro fo jum", {}, "best")).toEqual(["A tale"]);
      } finally {
        await database.db.article.delete({ where: { id: id! } });
      }
    });

    it("neither repeats nor skips when articles arrive between two pages (bm25's scores move with the index)", async () => {
      // Alike but for their dates: equal scores, ordered by date. An article arriving between two
      // pages changes bm25's word rarity, and with it every score, the cursor's own included.
      const twins = await seedArticles(
        database.db,
        ids.gamma,
        [2, 3, 4].map((instant, index) => ({
          title: `Jam ${["one", "two", "six"][index]}`,
          content: "<p>a quince pie</p>",
          publishedAt: instants[instant]!,
          read: true,
        })),
      );
      const arrived: number[] = [];
      try {
        const scope = { ...ALL_ARTICLES, q: "quince" };
        const titles: string[] = [];
        let cursor: ArticleCursor | null = null;
        for (let page = 0; page < 5; page++) {
          const result = await listArticles({ userId: reader, scope, cursor, order: "best", limit: 1 });
          titles.push(...result.items.map((item) => item.title));
          if (result.nextCursor === null) break;
          cursor = decodeCursor(result.nextCursor);
          arrived.push(...(await seedArticles(database.db, ids.gamma, [{ title: `Arrival ${page}`, read: true }])));
        }
        expect(titles).toEqual(["Jam one", "Jam two", "Jam six"]);
      } finally {
        await database.db.article.deleteMany({ where: { id: { in: [...twins, ...arrived] } } });
      }
    });
  });

  describe.runIf(postgres)("on PostgreSQL, full-text search", () => {
    it("is served by the GIN index of migration 0003_article_search", async () => {
      const plan = await database.db.$transaction(async (tx) => {
        // A few dozen rows: left alone, the planner rightly reads the table. Forbid that to see
        // whether the search expression matches the index's expression at all.
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        const sql = buildSearchSql("rust", "postgresql");
        return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
          `EXPLAIN SELECT "id" FROM "Article" WHERE ${sql.text}`,
          ...sql.values,
        );
      });
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/Bitmap Index Scan on "?Article_search_idx"?/);
    });
  });
});
