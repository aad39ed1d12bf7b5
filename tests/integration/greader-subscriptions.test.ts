// The Google Reader API's subscriptions, folders (tags) and unread counts, through the real route
// handlers against a real database (SQLite, or PostgreSQL with DATABASE_URL) and, for quickadd and
// ac=subscribe, a real publisher on 127.0.0.1, written from FreshRSS's and Miniflux's
// descriptions of subscription/list|quickadd|edit|export|import, tag/list, rename-tag,
// disable-tag and unread-count.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { feed, HTML_PAGE, SAMPLE_RSS, startPublisher, status, type Publisher } from "@/tests/helpers/publisher";
import { openGReaderSession, type GReaderSession } from "@/tests/helpers/greader-client";
import { MAX_OPML_BYTES } from "@/lib/pipeline/parse/opml/limits";
import { forget } from "@/lib/base/remember";
import { setReadOfIds } from "@/lib/pipeline/store/reading/article-state";
import { readerId, subscriptionOf } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let restore: () => Promise<void>;
let publisher: Publisher;
let session: GReaderSession;

const ENV = { TIDINGS_ALLOW_PRIVATE_NETWORKS: "true", TIDINGS_HOST_GAP_MS: "0", TIDINGS_ROBOTS: "off" };

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  Object.assign(process.env, ENV);
  forget("env");
  publisher = await startPublisher({
    "/feed.xml": feed({ body: SAMPLE_RSS }),
    "/other.xml": feed({ body: SAMPLE_RSS }),
    "/site": feed({ body: HTML_PAGE, contentType: "text/html; charset=utf-8" }),
    "/gone.xml": status(404),
  });
  session = await openGReaderSession(database.db);
});

afterAll(async () => {
  for (const name of Object.keys(ENV)) delete process.env[name];
  forget("env");
  await publisher.close();
  await restore();
  await database.dispose();
});

beforeEach(async () => {
  await database.db.source.deleteMany();
  await database.db.userFolder.deleteMany();
  publisher.clearRequests();
});

type Subscription = {
  id: string;
  title: string;
  categories: { id: string; label: string }[];
  url: string;
  htmlUrl: string;
  iconUrl: string;
};
const listSubscriptions = async () =>
  (
    await session.json<{ subscriptions: Subscription[] }>(
      session.get("reader/api/0/subscription/list", { output: "json" }),
    )
  ).subscriptions;

/** Every source and folder as rows: proof that a refused call changed nothing. */
const snapshot = async () => ({
  sources: await database.db.subscription.findMany({
    select: { sourceId: true, customTitle: true, folderId: true, source: { select: { feedUrl: true } } },
    orderBy: { sourceId: "asc" },
  }),
  folders: await database.db.userFolder.findMany({ orderBy: { id: "asc" } }),
});

async function expectRefused(response: Promise<Response>, statusCode: number, message: RegExp): Promise<void> {
  const answer = await response;
  expect(answer.status).toBe(statusCode);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await answer.text()).toMatch(message);
}

describe("subscription/list", () => {
  it("lists every source as feed/<id> with its title, folder as a label category, url and htmlUrl", async () => {
    const tech = await seedSource(database.db, {
      title: "Tech",
      folder: "Reading",
      customTitle: "My tech",
      state: { siteUrl: "https://tech.example/" },
    });
    const loose = await seedSource(database.db, { title: "Loose" });
    const feedUrl = (await database.db.source.findUniqueOrThrow({ where: { id: tech } })).feedUrl;
    expect(await listSubscriptions()).toEqual([
      {
        id: `feed/${loose}`,
        title: "Loose",
        categories: [],
        url: expect.stringMatching(/^https:\/\//),
        htmlUrl: "",
        iconUrl: "",
      },
      {
        id: `feed/${tech}`,
        title: "My tech",
        categories: [{ id: "user/-/label/Reading", label: "Reading" }],
        url: feedUrl,
        htmlUrl: "https://tech.example/",
        iconUrl: "",
      },
    ]);
  });

  it("answers JSON without output= too, and 501 to another output", async () => {
    expect(await session.json(session.get("reader/api/0/subscription/list"))).toEqual({ subscriptions: [] });
    await expectRefused(session.get("reader/api/0/subscription/list", { output: "xml" }), 501, /output=json/);
  });
});

describe("subscription/quickadd", () => {
  it("subscribes through the normal subscribe path and answers the new stream", async () => {
    const url = publisher.url("/feed.xml");
    const body = await session.json(session.post("reader/api/0/subscription/quickadd", { quickadd: url }));
    const source = await database.db.source.findUniqueOrThrow({ where: { feedUrl: url } });
    expect(body).toEqual({ numResults: 1, query: url, streamId: `feed/${source.id}`, streamName: source.title });
    // The verification fetch was made by Tidings, and kept as the first fetch (its articles stored).
    expect(publisher.requestsTo("/feed.xml")[0]?.headers["user-agent"]).toMatch(/^Tidings\//);
    expect(await database.db.article.count({ where: { sourceId: source.id } })).toBe(2);
  });

  it("finds a site's feed by discovery, and takes a feed/ stream id as the address", async () => {
    const body = await session.json(
      session.post("reader/api/0/subscription/quickadd", { quickadd: `feed/${publisher.url("/site")}` }),
    );
    expect(body).toMatchObject({ numResults: 1, query: publisher.url("/feed.xml") });
  });

  it("answers a refusal with numResults 0 and the reason, subscribing nothing", async () => {
    await session.post("reader/api/0/subscription/quickadd", { quickadd: publisher.url("/feed.xml") });
    const before = await snapshot();
    const duplicate = await session.json(
      session.post("reader/api/0/subscription/quickadd", { quickadd: publisher.url("/feed.xml") }),
    );
    expect(duplicate).toEqual({
      numResults: 0,
      query: publisher.url("/feed.xml"),
      error: expect.stringMatching(/^Already subscribed/),
      streamId: `feed/${before.sources[0]!.sourceId}`,
    });
    for (const url of [publisher.url("/gone.xml"), "ftp://example.com/feed", "not a url"]) {
      const refused = await session.json<{ numResults: number; error: string }>(
        session.post("reader/api/0/subscription/quickadd", { quickadd: url }),
      );
      expect(refused.numResults, url).toBe(0);
      expect(refused.error.length).toBeGreaterThan(5);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a missing or over-long quickadd with 400, and a missing T with the bad-token 401, fetching nothing", async () => {
    await expectRefused(session.post("reader/api/0/subscription/quickadd", {}), 400, /quickadd/);
    await expectRefused(
      session.post("reader/api/0/subscription/quickadd", { quickadd: `https://example.com/${"a".repeat(2100)}` }),
      400,
      /at most 2048/,
    );
    const noToken = await session.post(
      "reader/api/0/subscription/quickadd",
      { quickadd: publisher.url("/feed.xml") },
      { token: null },
    );
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("x-reader-google-bad-token")).toBe("true");
    expect(publisher.requests).toHaveLength(0);
    expect(await database.db.source.count()).toBe(0);
  });
});

describe("subscription/edit", () => {
  const edit = (form: Record<string, string | string[]>) => session.post("reader/api/0/subscription/edit", form);

  it("renames with t and moves into a folder with a (created on first use)", async () => {
    const id = await seedSource(database.db, { title: "Feed", folder: "Old" });
    expect(await (await edit({ ac: "edit", s: `feed/${id}`, t: "Renamed", a: "user/-/label/New" })).text()).toBe("OK");
    expect(await listSubscriptions()).toMatchObject([
      { id: `feed/${id}`, title: "Renamed", categories: [{ id: "user/-/label/New", label: "New" }] },
    ]);
    expect((await database.db.userFolder.findMany()).map((folder) => folder.name)).toEqual(["New"]);
  });

  it("takes feeds out of a folder with r, leaving alone those in another folder, and pairs t with s by position", async () => {
    const a = await seedSource(database.db, { title: "A", folder: "News" });
    const b = await seedSource(database.db, { title: "B", folder: "Other" });
    expect(
      (await edit({ ac: "edit", s: [`feed/${a}`, `feed/${b}`], t: ["First", "Second"], r: "user/1/label/News" }))
        .status,
    ).toBe(200);
    const rows = await database.db.subscription.findMany({
      orderBy: { sourceId: "asc" },
      select: { customTitle: true, folder: { select: { name: true } } },
    });
    expect(rows).toEqual([
      { customTitle: "First", folder: null },
      { customTitle: "Second", folder: { name: "Other" } },
    ]);
    expect((await database.db.userFolder.findMany()).map((folder) => folder.name)).toEqual(["Other"]);
  });

  it("finds a feed by feed/<feed URL> too", async () => {
    const id = await seedSource(database.db, { title: "By URL" });
    const { feedUrl } = await database.db.source.findUniqueOrThrow({ where: { id } });
    expect((await edit({ ac: "edit", s: `feed/${feedUrl}`, a: "user/-/label/Found" })).status).toBe(200);
    expect((await listSubscriptions())[0]!.categories).toEqual([{ id: "user/-/label/Found", label: "Found" }]);
  });

  it("unsubscribes every feed named, their articles with them", async () => {
    const a = await seedSource(database.db, { title: "A", folder: "News" });
    const b = await seedSource(database.db, { title: "B" });
    const keep = await seedSource(database.db, { title: "Keep" });
    await seedArticles(database.db, a, [{ title: "a1" }]);
    expect((await edit({ ac: "unsubscribe", s: [`feed/${a}`, `feed/${b}`] })).status).toBe(200);
    expect((await listSubscriptions()).map((subscription) => subscription.id)).toEqual([`feed/${keep}`]);
    expect(await database.db.article.count()).toBe(0);
    expect(await database.db.userFolder.count()).toBe(0);
  });

  it("subscribes to feed/<URL> through the subscribe path, into the folder a names, with the title t", async () => {
    const url = publisher.url("/other.xml");
    expect((await edit({ ac: "subscribe", s: `feed/${url}`, t: "Picked", a: "user/-/label/Apps" })).status).toBe(200);
    expect(await listSubscriptions()).toMatchObject([{ title: "Picked", url, categories: [{ label: "Apps" }] }]);
    expect(publisher.requestsTo("/other.xml")).toHaveLength(1);
    await expectRefused(edit({ ac: "subscribe", s: `feed/${publisher.url("/gone.xml")}` }), 400, /gone\.xml/);
    expect(await database.db.source.count()).toBe(1);
  });

  it("refuses bad input with 400, unknown feeds with 404, and changes nothing", async () => {
    const id = await seedSource(database.db, { title: "Feed", folder: "Old" });
    const before = await snapshot();
    const cases: [Record<string, string | string[]>, number, RegExp][] = [
      [{ s: `feed/${id}` }, 400, /^Bad Request: ac/],
      [{ ac: "delete", s: `feed/${id}` }, 400, /^Bad Request: ac/],
      [{ ac: "edit" }, 400, /^Bad Request: s/],
      [{ ac: "edit", s: "user/-/label/Old" }, 400, /no feed stream id/],
      [{ ac: "edit", s: "feed/12abc" }, 400, /no feed stream id/],
      [{ ac: "edit", s: `feed/${id}`, a: "user/-/state/com.google/starred" }, 400, /^Bad Request: a:/],
      [{ ac: "edit", s: `feed/${id}`, r: "News" }, 400, /^Bad Request: r:/],
      [{ ac: "edit", s: `feed/${id}`, t: "x".repeat(201) }, 400, /^Bad Request: t:/],
      [{ ac: "edit", s: Array.from({ length: 1001 }, (_, n) => `feed/${n + 1}`) }, 400, /at most 1000/],
      [
        { ac: "subscribe", s: Array.from({ length: 11 }, (_, n) => `feed/https://x${n}.example/feed`) },
        400,
        /at most 10/,
      ],
      [{ ac: "edit", s: [`feed/${id}`, "feed/2000000"], t: ["Changed"], a: "user/-/label/New" }, 404, /feed\/2000000/],
      [{ ac: "unsubscribe", s: [`feed/${id}`, "feed/https://unknown.example/feed"] }, 404, /unknown\.example/],
      [{ ac: "subscribe", s: "feed/2000000" }, 404, /feed\/2000000/],
    ];
    for (const [form, statusCode, message] of cases) await expectRefused(edit(form), statusCode, message);
    // 100,000 s: over the body cap (413) before anything is parsed.
    expect((await edit({ ac: "unsubscribe", s: Array.from({ length: 100_000 }, () => `feed/${id}`) })).status).toBe(
      413,
    );
    expect(await snapshot()).toEqual(before);
    expect(publisher.requests).toHaveLength(0);
  });
});

describe("subscription/export and subscription/import", () => {
  const OPML = `<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
    <outline text="Apps"><outline type="rss" text="One" xmlUrl="https://one.example/feed"/></outline>
    <outline type="rss" text="Two" xmlUrl="https://two.example/feed" htmlUrl="https://two.example/"/>
  </body></opml>`;

  it("exports OPML with folders as parent outlines", async () => {
    await seedSource(database.db, { title: "Tech & Co", folder: "Reading" });
    const answer = await session.get("reader/api/0/subscription/export");
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const text = await answer.text();
    expect(text).toMatch(/<outline text="Reading"[^>]*>\s*<outline [^>]*text="Tech &amp; Co"/);
  });

  it("imports an OPML body (T in the query string) without fetching, folders kept", async () => {
    expect(await (await session.post("reader/api/0/subscription/import", {}, { body: OPML })).text()).toBe("OK");
    expect(
      (await listSubscriptions()).map((subscription) => [
        subscription.url,
        subscription.categories.map((category) => category.label),
      ]),
    ).toEqual([
      ["https://one.example/feed", ["Apps"]],
      ["https://two.example/feed", []],
    ]);
  });

  it("refuses an unreadable, empty or oversize file, or a missing T, importing nothing", async () => {
    await expectRefused(
      session.post("reader/api/0/subscription/import", {}, { body: "<html>not opml</html>" }),
      400,
      /^Bad Request/,
    );
    await expectRefused(session.post("reader/api/0/subscription/import", {}, { body: "  " }), 400, /OPML/);
    await expectRefused(
      session.post("reader/api/0/subscription/import", {}, { body: " ".repeat(MAX_OPML_BYTES + 1) }),
      413,
      /at most/,
    );
    const noToken = await session.post("reader/api/0/subscription/import", {}, { body: OPML, token: null });
    expect(noToken.headers.get("x-reader-google-bad-token")).toBe("true");
    expect(await database.db.source.count()).toBe(0);
  });
});

describe("tags", () => {
  it("lists the starred state and every folder as a label of type folder", async () => {
    await seedSource(database.db, { title: "A", folder: "News" });
    await seedSource(database.db, { title: "B", folder: "Apps" });
    expect(await session.json(session.get("reader/api/0/tag/list", { output: "json" }))).toEqual({
      tags: [
        { id: "user/-/state/com.google/starred" },
        { id: "user/-/label/Apps", label: "Apps", type: "folder" },
        { id: "user/-/label/News", label: "News", type: "folder" },
      ],
    });
  });

  it("renames a folder (s or t), merging onto an existing name", async () => {
    const a = await seedSource(database.db, { title: "A", folder: "News" });
    const b = await seedSource(database.db, { title: "B", folder: "Apps" });
    expect(
      await (
        await session.post("reader/api/0/rename-tag", { s: "user/-/label/News", dest: "user/-/label/Daily" })
      ).text(),
    ).toBe("OK");
    expect((await session.post("reader/api/0/rename-tag", { t: "Apps", dest: "user/-/label/Daily" })).status).toBe(200);
    const folders = await database.db.userFolder.findMany({
      include: { subscriptions: { select: { sourceId: true }, orderBy: { sourceId: "asc" } } },
    });
    expect(folders.map((folder) => [folder.name, folder.subscriptions.map((row) => row.sourceId)])).toEqual([
      ["Daily", [a, b]],
    ]);
  });

  it("disables a folder: it goes, its sources stay without a folder", async () => {
    const a = await seedSource(database.db, { title: "A", folder: "News" });
    expect(await (await session.post("reader/api/0/disable-tag", { s: "user/-/label/News" })).text()).toBe("OK");
    expect(await database.db.userFolder.count()).toBe(0);
    expect((await subscriptionOf(database.db, a)).folderId).toBeNull();
  });

  it("refuses bad or unknown tags and a missing T, changing nothing", async () => {
    await seedSource(database.db, { title: "A", folder: "News" });
    const before = await snapshot();
    await expectRefused(session.post("reader/api/0/rename-tag", { dest: "user/-/label/X" }), 400, /^Bad Request: s/);
    await expectRefused(session.post("reader/api/0/rename-tag", { s: "user/-/label/News" }), 400, /^Bad Request: dest/);
    await expectRefused(
      session.post("reader/api/0/rename-tag", { s: "user/-/label/News", dest: `user/-/label/${"x".repeat(101)}` }),
      400,
      /dest/,
    );
    await expectRefused(
      session.post("reader/api/0/rename-tag", { s: "user/-/state/com.google/starred", dest: "user/-/label/X" }),
      400,
      /^Bad Request: s/,
    );
    await expectRefused(
      session.post("reader/api/0/rename-tag", { s: "user/-/label/Nope", dest: "user/-/label/X" }),
      404,
      /Nope/,
    );
    await expectRefused(session.post("reader/api/0/disable-tag", { s: "feed/1" }), 400, /^Bad Request: s/);
    await expectRefused(session.post("reader/api/0/disable-tag", { t: "Nope" }), 404, /Nope/);
    const noToken = await session.post("reader/api/0/disable-tag", { s: "user/-/label/News" }, { token: null });
    expect(noToken.headers.get("x-reader-google-bad-token")).toBe("true");
    expect(await snapshot()).toEqual(before);
  });
});

describe("unread-count", () => {
  it("counts unread articles per feed, per folder and in the reading list, with the newest item's time", async () => {
    const newest = new Date(Date.UTC(2026, 10, 30, 12));
    const a = await seedSource(database.db, { title: "A", folder: "News", state: { lastNewArticleAt: newest } });
    const b = await seedSource(database.db, {
      title: "B",
      folder: "News",
      state: { lastNewArticleAt: new Date(Date.UTC(2026, 10, 1)) },
    });
    const c = await seedSource(database.db, { title: "C", state: { lastNewArticleAt: null } });
    await seedArticles(database.db, a, [{}, {}, { read: true }]);
    await seedArticles(database.db, b, [{}]);
    await seedArticles(database.db, c, [{}, {}, {}, {}]);
    const body = await session.json<{
      max: number;
      unreadcounts: { id: string; count: number; newestItemTimestampUsec: string }[];
    }>(session.get("reader/api/0/unread-count", { output: "json" }));
    const usec = `${newest.getTime()}000`;
    expect(body.max).toBe(7);
    expect(body.unreadcounts).toEqual([
      { id: `feed/${a}`, count: 2, newestItemTimestampUsec: usec },
      { id: `feed/${b}`, count: 1, newestItemTimestampUsec: `${Date.UTC(2026, 10, 1)}000` },
      { id: `feed/${c}`, count: 4, newestItemTimestampUsec: "0" },
      { id: "user/-/label/News", count: 3, newestItemTimestampUsec: usec },
      { id: "user/-/state/com.google/reading-list", count: 7, newestItemTimestampUsec: usec },
    ]);
  });

  it("follows a read made in the web reader's store at once", async () => {
    const a = await seedSource(database.db, { title: "A" });
    const [first] = await seedArticles(database.db, a, [{}, {}]);
    const userId = await readerId(database.db);
    await database.db.$transaction((tx) =>
      setReadOfIds(tx, database.target.provider, { userId, ids: [first!], read: true }),
    );
    const body = await session.json<{ max: number }>(session.get("reader/api/0/unread-count"));
    expect(body.max).toBe(1);
  });
});
