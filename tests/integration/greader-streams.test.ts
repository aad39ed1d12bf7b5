// The Google Reader API's streams through the real route handlers against a real database
// (SQLite, or PostgreSQL with DATABASE_URL), as FreshRSS's greader.php and Miniflux's googlereader
// answer them: stream/contents, stream/items/ids, stream/items/contents and the Atom output, their
// filters (n, c, r, ot, nt, xt, it), the item id encodings, continuation paging while articles
// arrive, and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { KEPT_UNREAD, longItemId, READ, READING_LIST, STARRED } from "@/tests/helpers/greader-ids";
import { callGReader, openGReaderSession, type GReaderSession } from "@/tests/helpers/greader-client";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { GReaderItem } from "@/lib/features/greader/streams/to-greader-item";

const HOUR = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 5, 1);

let database: FreshDatabase;
let restore: () => Promise<void>;
let session: GReaderSession;
const source = { alpha: 0, beta: 0, loose: 0 };
/** Every article: id, source, publication time, state. */
let articles: { id: number; sourceId: number; publishedAt: Date; read: boolean; starred: boolean }[] = [];
let attachmentId = 0;

type Contents = { id: string; updated: number; items: GReaderItem[]; continuation?: string };
type ItemIds = { itemRefs: { id: string; directStreamIds: string[]; timestampUsec: string }[]; continuation?: string };

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  source.alpha = await seedSource(database.db, {
    title: "Alpha Weekly",
    folder: "Tech",
    state: { siteUrl: "https://alpha.example/" },
  });
  source.beta = await seedSource(database.db, { title: "Beta News", folder: "Tech" });
  source.loose = await seedSource(database.db, { title: "Loose Ends" });
  // 60 articles an hour apart, interleaved over the three sources: every third read, every seventh starred.
  const plan = Array.from({ length: 60 }, (_, n) => ({
    n,
    sourceId: [source.alpha, source.beta, source.loose][n % 3]!,
    publishedAt: new Date(BASE + n * HOUR),
    read: n % 3 === 1,
    starred: n % 7 === 0,
  }));
  for (const sourceId of Object.values(source)) {
    const own = plan.filter((entry) => entry.sourceId === sourceId);
    const ids = await seedArticles(
      database.db,
      sourceId,
      own.map((entry) => ({
        title: `Story ${entry.n}`,
        publishedAt: entry.publishedAt,
        read: entry.read,
        starred: entry.starred,
        author: entry.n === 3 ? "Ann Author" : null,
      })),
    );
    own.forEach((entry, index) =>
      articles.push({
        id: ids[index]!,
        sourceId,
        publishedAt: entry.publishedAt,
        read: entry.read,
        starred: entry.starred,
      }),
    );
  }
  const [attachment] = await seedArticles(database.db, source.loose, [
    {
      title: "Episode 1",
      publishedAt: new Date(BASE - 24 * HOUR),
      content: '<p>Listen <a href="https://loose.example/show">here</a>.</p>',
      url: "https://loose.example/episode-1",
      enclosures: [{ url: "https://cdn.example/episode-1.mp3", type: "audio/mpeg", length: 24_000_000 }],
    },
  ]);
  attachmentId = attachment!;
  articles.push({
    id: attachmentId,
    sourceId: source.loose,
    publishedAt: new Date(BASE - 24 * HOUR),
    read: false,
    starred: false,
  });
  articles = sortNewestFirst(articles);
  session = await openGReaderSession(database.db);
});

afterAll(async () => {
  await restore();
  await database.dispose();
});

function sortNewestFirst<T extends { id: number; publishedAt: Date }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id);
}

const idsWhere = (keep: (article: (typeof articles)[number]) => boolean) =>
  articles.filter(keep).map((article) => article.id);
const contentsPath = (stream: string) => `reader/api/0/stream/contents/${encodeURIComponent(stream)}`;
const itemIdsOf = (contents: Contents) => contents.items.map((item) => parseInt(item.id.slice(-16), 16));

async function contents(stream: string, query: Record<string, string | string[]> = {}): Promise<Contents> {
  return session.json<Contents>(session.get(contentsPath(stream), query));
}

async function itemIds(query: Record<string, string | string[]>): Promise<ItemIds> {
  return session.json<ItemIds>(session.get("reader/api/0/stream/items/ids", query));
}

/** Every id of a stream, page after page (at most 100 pages), calling `between` after each page. */
async function pageAll(
  query: Record<string, string | string[]>,
  between: (page: number) => Promise<void> = async () => {},
): Promise<number[][]> {
  const pages: number[][] = [];
  let continuation: string | undefined;
  for (let page = 0; page < 100; page++) {
    const answer = await itemIds({ ...query, ...(continuation ? { c: continuation } : {}) });
    pages.push(answer.itemRefs.map((ref) => Number(ref.id)));
    continuation = answer.continuation;
    if (continuation === undefined) return pages;
    await between(page);
  }
  throw new Error("more than 100 pages");
}

describe("stream/contents", () => {
  it("answers the reading list newest first, 20 items unless n says otherwise, with a continuation", async () => {
    const answer = await contents(READING_LIST);
    expect(answer.id).toBe(READING_LIST);
    expect(answer.updated).toBeGreaterThan(1_700_000_000);
    expect(itemIdsOf(answer)).toEqual(articles.slice(0, 20).map((article) => article.id));
    expect(answer.continuation).toEqual(expect.any(String));
    expect(itemIdsOf(await contents(READING_LIST, { n: "5" }))).toEqual(
      articles.slice(0, 5).map((article) => article.id),
    );
  });

  it("gives each item the fields apps read, the stored HTML and its states as categories", async () => {
    const answer = await contents(READING_LIST, { n: "1000" });
    const attachment = answer.items.find((item) => item.title === "Episode 1")!;
    const stored = await database.db.article.findUniqueOrThrow({ where: { id: attachmentId } });
    expect(attachment).toEqual({
      id: longItemId(attachmentId),
      crawlTimeMsec: String(stored.firstSeenAt.getTime()),
      timestampUsec: `${BASE - 24 * HOUR}000`,
      published: (BASE - 24 * HOUR) / 1000,
      updated: (BASE - 24 * HOUR) / 1000,
      title: "Episode 1",
      canonical: [{ href: "https://loose.example/episode-1" }],
      alternate: [{ href: "https://loose.example/episode-1", type: "text/html" }],
      summary: { direction: "ltr", content: stored.content },
      content: { direction: "ltr", content: stored.content },
      author: "",
      origin: { streamId: `feed/${source.loose}`, title: "Loose Ends", htmlUrl: "" },
      categories: [READING_LIST],
      enclosure: [{ href: "https://cdn.example/episode-1.mp3", type: "audio/mpeg", length: 24_000_000 }],
    });
    const byTitle = (title: string) => answer.items.find((item) => item.title === title)!;
    // Story 0: alpha (folder Tech), unread, starred. Story 1: beta (Tech), read. Story 3: alpha, with an author.
    expect(byTitle("Story 0").categories).toEqual([READING_LIST, "user/-/label/Tech", STARRED]);
    expect(byTitle("Story 0").origin).toEqual({
      streamId: `feed/${source.alpha}`,
      title: "Alpha Weekly",
      htmlUrl: "https://alpha.example/",
    });
    expect(byTitle("Story 1").categories).toEqual([READING_LIST, "user/-/label/Tech", READ]);
    expect(byTitle("Story 3").author).toBe("Ann Author");
    expect(answer.continuation).toBeUndefined();
  });

  it("answers each kind of stream: states, a label, a feed by id and by URL, user ids of every form", async () => {
    const all = (stream: string, query: Record<string, string | string[]> = {}) =>
      contents(stream, { n: "1000", ...query }).then(itemIdsOf);
    expect(await all(STARRED)).toEqual(idsWhere((article) => article.starred));
    expect(await all(READ)).toEqual(idsWhere((article) => article.read));
    expect(await all(KEPT_UNREAD)).toEqual(idsWhere((article) => !article.read));
    expect(await all("user/-/label/Tech")).toEqual(idsWhere((article) => article.sourceId !== source.loose));
    expect(await all(`feed/${source.beta}`)).toEqual(idsWhere((article) => article.sourceId === source.beta));
    const betaUrl = (await database.db.source.findUniqueOrThrow({ where: { id: source.beta } })).feedUrl;
    expect(await all(`feed/${betaUrl}`)).toEqual(idsWhere((article) => article.sourceId === source.beta));
    expect(await all("user/1/label/Tech")).toEqual(await all("user/-/label/Tech"));
    expect(await all("user/tidings/state/com.google/starred")).toEqual(await all(STARRED));
  });

  it("filters with xt and it (repeatable), and an impossible pair leaves nothing", async () => {
    const all = (query: Record<string, string | string[]>) =>
      contents(READING_LIST, { n: "1000", ...query }).then(itemIdsOf);
    expect(await all({ xt: READ })).toEqual(idsWhere((article) => !article.read));
    expect(await all({ it: STARRED })).toEqual(idsWhere((article) => article.starred));
    expect(await all({ it: STARRED, xt: READ })).toEqual(idsWhere((article) => article.starred && !article.read));
    expect(await all({ xt: [READ, STARRED] })).toEqual(idsWhere((article) => !article.read && !article.starred));
    expect(await all({ xt: KEPT_UNREAD })).toEqual(idsWhere((article) => article.read));
    expect(await all({ it: READ, xt: READ })).toEqual([]);
    expect(await all({ xt: READING_LIST })).toEqual([]);
    expect(itemIdsOf(await contents("user/-/label/Tech", { n: "1000", xt: READ }))).toEqual(
      idsWhere((article) => article.sourceId !== source.loose && !article.read),
    );
  });

  it("answers oldest first with r=o, and bounds publication times with ot and nt (seconds)", async () => {
    const oldest = await contents(READING_LIST, { n: "1000", r: "o" });
    expect(itemIdsOf(oldest)).toEqual([...articles].reverse().map((article) => article.id));
    const from = (BASE + 10 * HOUR) / 1000;
    const to = (BASE + 20 * HOUR) / 1000;
    const bounded = await contents(READING_LIST, { n: "1000", ot: String(from), nt: String(to) });
    expect(itemIdsOf(bounded)).toEqual(
      idsWhere((article) => article.publishedAt.getTime() / 1000 > from && article.publishedAt.getTime() / 1000 < to),
    );
    expect(itemIdsOf(bounded)).toHaveLength(9);
  });

  it("takes the stream from s, or reads the reading list, when the path names none", async () => {
    expect(
      itemIdsOf(await session.json<Contents>(session.get("reader/api/0/stream/contents", { s: STARRED, n: "1000" }))),
    ).toEqual(idsWhere((article) => article.starred));
    expect(itemIdsOf(await session.json<Contents>(session.get("reader/api/0/stream/contents", { n: "3" })))).toEqual(
      articles.slice(0, 3).map((article) => article.id),
    );
  });
});

describe("stream/items/ids", () => {
  it("lists unread ids in the short decimal form with their feed and time, as apps sync them", async () => {
    const answer = await itemIds({ s: READING_LIST, xt: READ, n: "10000" });
    expect(answer.itemRefs.map((ref) => Number(ref.id))).toEqual(idsWhere((article) => !article.read));
    const first = articles.find((article) => !article.read)!;
    expect(answer.itemRefs[0]).toEqual({
      id: String(first.id),
      directStreamIds: [`feed/${first.sourceId}`],
      timestampUsec: `${first.publishedAt.getTime()}000`,
    });
    expect(answer.continuation).toBeUndefined();
  });

  it("cuts n to 10,000 rather than refusing it", async () => {
    expect((await itemIds({ s: READING_LIST, n: "50000" })).itemRefs).toHaveLength(articles.length);
  });

  it("pages with continuations: every id once, in order, newest and oldest first", async () => {
    const pages = await pageAll({ s: READING_LIST, n: "7" });
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(pages.flat()).toEqual(articles.map((article) => article.id));
    expect((await pageAll({ s: READING_LIST, n: "7", r: "o" })).flat()).toEqual(
      [...articles].reverse().map((article) => article.id),
    );
  });

  it("loses and repeats nothing while articles arrive between pages, whatever their dates", async () => {
    const before = articles.map((article) => article.id);
    const arrived: number[] = [];
    const pages = await pageAll({ s: READING_LIST, n: "10" }, async (page) => {
      // Each time: one article newer than everything, and one dated inside the pages still to come.
      const ids = await seedArticles(database.db, source.beta, [
        { title: `Arrival new ${page}`, publishedAt: new Date(BASE + (100 + page) * HOUR) },
        { title: `Arrival old ${page}`, publishedAt: new Date(BASE + (25 - page * 10) * HOUR + 30 * 60 * 1000) },
      ]);
      arrived.push(...ids);
    });
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(before.filter((id) => !seen.includes(id))).toEqual([]);
    // Everything seen is an article that existed, or arrived while paging.
    expect(seen.filter((id) => !before.includes(id) && !arrived.includes(id))).toEqual([]);
    await database.db.article.deleteMany({ where: { id: { in: arrived } } });
    await database.db.source.update({
      where: { id: source.beta },
      data: { articleCount: { decrement: arrived.length } },
    });
    await database.db.subscription.updateMany({
      where: { sourceId: source.beta },
      data: { unreadCount: { decrement: arrived.length } },
    });
  });
});

describe("stream/items/contents", () => {
  it("answers the items of long, short and bare-hex ids, newest first (r=o: oldest), leaving out ids of no article", async () => {
    const [a, b, c] = articles.slice(3, 6).map((article) => article.id);
    const form = { i: [longItemId(c!), String(a), longItemId(b!).slice(-16), "999999", "-5"] };
    const answer = await session.json<Contents>(session.post("reader/api/0/stream/items/contents", form));
    expect(answer.id).toBe(READING_LIST);
    expect(itemIdsOf(answer)).toEqual([a, b, c]);
    expect(
      itemIdsOf(await session.json<Contents>(session.post("reader/api/0/stream/items/contents", { ...form, r: "o" }))),
    ).toEqual([c, b, a]);
    // Apps send no T for this read (FreshRSS asks none).
    expect((await session.post("reader/api/0/stream/items/contents", form, { token: null })).status).toBe(200);
  });

  it("refuses a malformed id, no id, and more than 1,000 ids with 400", async () => {
    const forms: Record<string, string[]>[] = [
      { i: [String(articles[0]!.id), "tag:google.com,2005:reader/item/xyz"] },
      {},
      { i: Array.from({ length: 1001 }, (_, n) => String(n + 1)) },
    ];
    for (const form of forms) {
      const answer = await session.post("reader/api/0/stream/items/contents", form);
      expect(answer.status).toBe(400);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });
});

describe("the Atom output", () => {
  it("serves a stream as Atom that a feed parser reads, with states as categories and the continuation", async () => {
    const response = await session.get(`reader/atom/${READING_LIST}`, { n: "5", xt: READ });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    const parsed = await parseFeed({
      body: Buffer.from(xml),
      contentType: "application/atom+xml",
      url: "http://reader.example/",
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const expected = articles.filter((article) => !article.read).slice(0, 5);
    expect(parsed.feed.kind).toBe("atom");
    expect(parsed.feed.items.map((item) => item.guid)).toEqual(expected.map((article) => longItemId(article.id)));
    expect(parsed.feed.items[0]!.publishedAt).toEqual(expected[0]!.publishedAt);
    const continuation = /<gr:continuation>([^<]+)<\/gr:continuation>/.exec(xml)?.[1];
    expect(continuation).toEqual(expect.any(String));
    expect(xml).toContain(`<category term="${STARRED}" scheme="http://www.google.com/reader/" label="starred"/>`);
    const next = await (
      await session.get(`reader/atom/${READING_LIST}`, { n: "5", xt: READ, c: continuation! })
    ).text();
    expect(next).toContain(`<id>${longItemId(articles.filter((article) => !article.read)[5]!.id)}</id>`);
  });
});

describe("bad input", () => {
  it.each([
    ["an unknown state", contentsPath("user/-/state/com.google/like"), {}],
    ["no stream id at all", contentsPath("nonsense"), {}],
    ["an unknown stream in s", "reader/api/0/stream/items/ids", { s: "user/-/tag/x" }],
    ["no s", "reader/api/0/stream/items/ids", {}],
    ["two streams in s", "reader/api/0/stream/items/ids", { s: [READING_LIST, STARRED] }],
    ["a bad n", contentsPath(READING_LIST), { n: "ten" }],
    ["a negative n", contentsPath(READING_LIST), { n: "-1" }],
    ["a continuation this server never gave", contentsPath(READING_LIST), { c: "1234" }],
    ["a bad order", contentsPath(READING_LIST), { r: "x" }],
    ["a bad ot", contentsPath(READING_LIST), { ot: "yesterday" }],
    ["a label as xt", contentsPath(READING_LIST), { xt: "user/-/label/Tech" }],
    ["an unknown state as it", contentsPath(READING_LIST), { it: "user/-/state/com.google/like" }],
  ])("answers 400 to %s", async (_name, path, query) => {
    const answer = await session.get(path, query);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/^Bad Request: /);
  });

  it.each([
    ["a folder that does not exist", contentsPath("user/-/label/Nowhere")],
    ["a feed id that does not exist", contentsPath("feed/999999")],
    ["a feed URL that is not subscribed", contentsPath("feed/https://unknown.example/feed.xml")],
    ["an Atom stream of no folder", `reader/atom/${encodeURIComponent("user/-/label/Nowhere")}`],
  ])("answers 404 to %s", async (_name, path) => {
    expect((await session.get(path)).status).toBe(404);
  });

  it("answers 401 to every stream call without the Auth token", async () => {
    for (const path of [contentsPath(READING_LIST), "reader/api/0/stream/items/ids", `reader/atom/${READING_LIST}`]) {
      expect((await callGReader(path, { query: { s: READING_LIST } })).status, path).toBe(401);
    }
    expect((await callGReader("reader/api/0/stream/items/contents", { form: { i: "1" } })).status).toBe(401);
  });

  it("refuses 100,000 ids before reading any (400)", async () => {
    const answer = await session.post("reader/api/0/stream/items/contents", {
      i: Array.from({ length: 100_000 }, (_, n) => String(n + 1)),
    });
    expect(answer.status).toBe(400);
  });
});
