import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, churningEtag, redirect, rssFeed } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { updateSource } from "@/lib/pipeline/store/sources/update-source";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";
import { OFF_THREAD_THRESHOLD_BYTES } from "@/lib/pipeline/round/parse-off-thread";
import { isRead, markSourceRead, readerId, subscriptionOf, unreadCountOf } from "@/tests/helpers/reader-user";
import { updateArticleState } from "@/lib/pipeline/store/reading/article-state";

const world = setUpRoundWorld();

const ITEMS_V1 = [
  {
    guid: "urn:post:2",
    title: "Second post",
    link: "https://publisher.example/2",
    pubDate: "Tue, 02 Jan 2024 10:00:00 GMT",
  },
  {
    guid: "urn:post:1",
    title: "First post",
    link: "https://publisher.example/1",
    pubDate: "Mon, 01 Jan 2024 10:00:00 GMT",
  },
];
const ITEMS_V2 = [
  {
    guid: "urn:post:3",
    title: "Third post",
    link: "https://publisher.example/3",
    pubDate: "Wed, 03 Jan 2024 10:00:00 GMT",
  },
  ...ITEMS_V1,
];

const run = () => runRound(world.database.db, testRoundSettings(), { trigger: "cli" });

describe("a round over one polite publisher", () => {
  it("records ok, then not_modified, then ok with only the new articles", async () => {
    world.publisher.setRoute(
      "/a.xml",
      feed({ body: rssFeed({ items: ITEMS_V1 }), etag: 'W/"v1"', lastModified: "Mon, 01 Jan 2024 10:00:00 GMT" }),
    );
    const id = await addDueSource(world.database.db, world.publisher.url("/a.xml"));

    const first = await run();
    expect(first.status).toBe("completed");
    let source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(source).toMatchObject({
      etag: 'W/"v1"',
      lastModified: "Mon, 01 Jan 2024 10:00:00 GMT",
      lastOutcome: "ok",
      kind: "rss",
      title: "Sample feed",
    });
    expect(await world.database.db.article.count({ where: { sourceId: id } })).toBe(2);

    await makeAllDue(world.database.db);
    await run();
    // Validators go back byte for byte, the weak-ETag prefix and quotes included.
    const conditional = world.publisher.requestsTo("/a.xml")[1]!;
    expect(conditional.headers["if-none-match"]).toBe('W/"v1"');
    expect(conditional.headers["if-modified-since"]).toBe("Mon, 01 Jan 2024 10:00:00 GMT");

    world.publisher.setRoute("/a.xml", feed({ body: rssFeed({ items: ITEMS_V2 }), etag: 'W/"v2"' }));
    await makeAllDue(world.database.db);
    await run();

    const fetches = await world.database.db.fetch.findMany({ where: { sourceId: id }, orderBy: { id: "asc" } });
    expect(fetches.map((row) => [row.outcome, row.httpStatus, row.newArticles, row.conditional])).toEqual([
      ["ok", 200, 2, false],
      ["not_modified", 304, 0, true],
      ["ok", 200, 1, true],
    ]);
    expect(fetches[1]!.errorKind).toBeNull();
    source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    // The 200 without Last-Modified clears the old one: the publisher stopped sending it.
    expect(source).toMatchObject({ etag: 'W/"v2"', lastModified: null, consecutiveErrors: 0 });
    expect(await world.database.db.article.count({ where: { sourceId: id } })).toBe(3);
    expect(await unreadCountOf(world.database.db, id)).toBe(3);
  });

  it("sends exactly the polite headers: identifying User-Agent, Accept, gzip, no cookie, no referer", async () => {
    world.publisher.setRoute("/h.xml", feed({ body: rssFeed({ items: ITEMS_V1 }) }));
    await addDueSource(world.database.db, world.publisher.url("/h.xml"));
    await run();
    const [request] = world.publisher.requestsTo("/h.xml");
    expect(request!.path).toBe("/h.xml");
    expect(request!.headers["user-agent"]).toMatch(
      /^Tidings\/\d+\.\d+\.\d+ \(\+https?:\/\/\S+; self-hosted feed reader; 1 subscriber\)$/,
    );
    expect(request!.headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(request!.headers.accept).toMatch(/application\/rss\+xml.*application\/atom\+xml.*application\/feed\+json/);
    expect(request!.headers.cookie).toBeUndefined();
    expect(request!.headers.referer).toBeUndefined();
    expect(request!.headers["if-none-match"]).toBeUndefined();
  });

  it("stores the validators a 304 carries", async () => {
    world.publisher.setRoute(
      "/r.xml",
      feed({ body: rssFeed({ items: ITEMS_V1 }), lastModified: "Mon, 01 Jan 2024 10:00:00 GMT" }),
    );
    const id = await addDueSource(world.database.db, world.publisher.url("/r.xml"));
    await run();
    world.publisher.setRoute("/r.xml", (_request, response) => void response.writeHead(304, { ETag: '"fresh"' }).end());
    await makeAllDue(world.database.db);
    await run();
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(source).toMatchObject({
      etag: '"fresh"',
      lastModified: "Mon, 01 Jan 2024 10:00:00 GMT",
      lastOutcome: "not_modified",
    });
  });

  it("skips parsing an identical body from a server that churns ETags, and records ok with 0 new", async () => {
    world.publisher.setRoute("/c.xml", feed({ body: rssFeed({ items: ITEMS_V1 }), etag: churningEtag() }));
    const id = await addDueSource(world.database.db, world.publisher.url("/c.xml"));
    await run();
    await makeAllDue(world.database.db);
    await run();
    const fetches = await world.database.db.fetch.findMany({ where: { sourceId: id }, orderBy: { id: "asc" } });
    expect(fetches.map((row) => [row.outcome, row.bodyUnchanged, row.newArticles, row.etagReceived])).toEqual([
      ["ok", false, 2, '"v1"'],
      ["ok", true, 0, '"v2"'],
    ]);
    expect(fetches[1]!.conditional).toBe(true);
  });
});

describe("deduplication", () => {
  it("treats a known guid as known, the same content under a new guid as known, and updates changed content without marking it unread", async () => {
    world.publisher.setRoute("/d.xml", feed({ body: rssFeed({ items: ITEMS_V1 }) }));
    const id = await addDueSource(world.database.db, world.publisher.url("/d.xml"));
    await run();
    const first = await world.database.db.article.findFirstOrThrow({ where: { sourceId: id, guid: "urn:post:1" } });
    await updateArticleState(world.database.db, {
      userId: await readerId(world.database.db),
      id: first.id,
      read: true,
      now: new Date(),
    });

    const regenerated = [
      { ...ITEMS_V1[0]!, guid: "urn:regenerated:2" },
      { ...ITEMS_V1[1]!, title: "First post (corrected)" },
    ];
    world.publisher.setRoute("/d.xml", feed({ body: rssFeed({ items: regenerated }) }));
    await makeAllDue(world.database.db);
    const report = await run();
    expect(report.status === "completed" && report.lines[0]).toMatchObject({ outcome: "ok", newArticles: 0 });
    expect(await world.database.db.article.count({ where: { sourceId: id } })).toBe(2);
    const updated = await world.database.db.article.findUniqueOrThrow({ where: { id: first.id } });
    expect(updated.title).toBe("First post (corrected)");
    expect(await isRead(world.database.db, first.id)).toBe(true);
    expect(updated.updatedAt).not.toBeNull();
    const fetch = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: id }, orderBy: { id: "desc" } });
    expect(fetch.updatedArticles).toBe(1);
  });

  it("leaves known items whose content is unchanged alone when the feed around them changed", async () => {
    world.publisher.setRoute("/k.xml", feed({ body: rssFeed({ title: "Before", items: ITEMS_V1 }) }));
    const id = await addDueSource(world.database.db, world.publisher.url("/k.xml"));
    await run();
    const before = await world.database.db.article.findMany({ where: { sourceId: id }, orderBy: { id: "asc" } });

    world.publisher.setRoute(
      "/k.xml",
      feed({
        body: rssFeed({ title: "After", items: [ITEMS_V1[0]!, { ...ITEMS_V1[1]!, title: "First post (corrected)" }] }),
      }),
    );
    await makeAllDue(world.database.db);
    await run();
    const after = await world.database.db.article.findMany({ where: { sourceId: id }, orderBy: { id: "asc" } });
    const unchanged = (rows: typeof before) => rows.find((row) => row.guid === "urn:post:2");
    expect(unchanged(after)).toEqual(unchanged(before));
    expect(unchanged(after)!.updatedAt).toBeNull();
    expect(after.find((row) => row.guid === "urn:post:1")).toMatchObject({
      title: "First post (corrected)",
      updatedAt: expect.any(Date),
    });
    const fetch = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: id }, orderBy: { id: "desc" } });
    expect(fetch).toMatchObject({ newArticles: 0, updatedArticles: 1, bodyUnchanged: false });
    expect(await unreadCountOf(world.database.db, id)).toBe(2);
  });

  it("stores a feed past the parse worker's threshold in batches, deduped as exactly as a small one", async () => {
    // 1,601 items: three batches of 500 and the rest. Item 5 comes back in the third batch with other
    // text (the first occurrence wins); item 7's text comes back under a new guid in the fourth (known
    // content); item 1, already stored, comes back corrected last (updated, not new, still read).
    const summary = "A sentence of an ordinary summary, long enough to make the feed large. ".repeat(4);
    const item = (n: number) => ({
      guid: `urn:batched:${n}`,
      title: `Post ${n}`,
      link: `https://publisher.example/batched/${n}`,
      description: summary,
    });
    world.publisher.setRoute("/batched.xml", feed({ body: rssFeed({ items: [item(1)] }) }));
    const id = await addDueSource(world.database.db, world.publisher.url("/batched.xml"));
    await run();
    await markSourceRead(world.database.db, id);

    const items = Array.from({ length: 1600 }, (_, n) => item(n + 2));
    items[1200] = { ...item(5), title: "Post 5, again, other text" };
    items[1550] = { ...item(7), guid: "urn:batched:7-regenerated" };
    items.push({ ...item(1), title: "Post 1 (corrected)" });
    const body = rssFeed({ items });
    expect(Buffer.byteLength(body)).toBeGreaterThan(OFF_THREAD_THRESHOLD_BYTES);
    world.publisher.setRoute("/batched.xml", feed({ body, etag: '"batched"' }));
    await makeAllDue(world.database.db);
    const report = await run();

    const expectedNew = 1600 - 2;
    expect(report.status === "completed" && report.lines[0]).toMatchObject({ outcome: "ok", newArticles: expectedNew });
    const fetch = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: id }, orderBy: { id: "desc" } });
    expect(fetch).toMatchObject({ outcome: "ok", newArticles: expectedNew, updatedArticles: 1 });
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(source).toMatchObject({ etag: '"batched"', articleCount: 1 + expectedNew });
    expect(await unreadCountOf(world.database.db, id)).toBe(expectedNew);
    expect(await world.database.db.unreadArticle.count({ where: { sourceId: id } })).toBe(expectedNew);
    expect(await world.database.db.article.count({ where: { sourceId: id } })).toBe(1 + expectedNew);
    const byGuid = async (guid: string) =>
      world.database.db.article.findFirst({ where: { sourceId: id, guid }, select: { id: true, title: true } });
    expect(await byGuid("urn:batched:5")).toMatchObject({ title: "Post 5" });
    expect(await byGuid("urn:batched:7-regenerated")).toBeNull();
    const corrected = await byGuid("urn:batched:1");
    expect(corrected).toMatchObject({ title: "Post 1 (corrected)" });
    expect(await isRead(world.database.db, corrected!.id)).toBe(true);
  });

  it("gives undated items their first-seen time", async () => {
    world.publisher.setRoute(
      "/u.xml",
      feed({
        body: rssFeed({ items: [{ guid: "urn:undated", title: "No date", link: "https://publisher.example/x" }] }),
      }),
    );
    const id = await addDueSource(world.database.db, world.publisher.url("/u.xml"));
    const before = Date.now();
    await run();
    const article = await world.database.db.article.findFirstOrThrow({ where: { sourceId: id } });
    expect(article.publishedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(article.publishedAt.getTime()).toBe(article.firstSeenAt.getTime());
  });
});

describe("Content-Location", () => {
  it("is the base for relative links when it is on the feed's origin, and ignored when it points elsewhere", async () => {
    const items = [
      { guid: "urn:rel:1", title: "Relative", link: "posts/1.html", description: '<a href="../about">about</a>' },
    ];
    world.publisher.setRoute(
      "/feeds/same.xml",
      feed({ body: rssFeed({ items }), headers: { "content-location": world.publisher.url("/blog/index.xml") } }),
    );
    world.publisher.setRoute(
      "/feeds/other.xml",
      feed({ body: rssFeed({ items }), headers: { "content-location": "https://elsewhere.example/blog/index.xml" } }),
    );
    const same = await addDueSource(world.database.db, world.publisher.url("/feeds/same.xml"), "same origin");
    const other = await addDueSource(world.database.db, world.publisher.url("/feeds/other.xml"), "other origin");
    await run();
    const stored = async (sourceId: number) =>
      world.database.db.article.findFirstOrThrow({ where: { sourceId }, select: { url: true, content: true } });
    const sameArticle = await stored(same);
    expect(sameArticle.url).toBe(world.publisher.url("/blog/posts/1.html"));
    expect(sameArticle.content).toContain(`href="${world.publisher.url("/about")}"`);
    expect((await stored(other)).url).toBe(world.publisher.url("/feeds/posts/1.html"));
  });
});

describe("permanent redirects", () => {
  it("adopts a new URL after two fetches in a row, unless another source already has it", async () => {
    const body = feed({ body: rssFeed({ items: ITEMS_V1 }) });
    for (const route of ["/new.xml", "/taken-new.xml"]) world.publisher.setRoute(route, body);
    world.publisher.setRoute("/old.xml", redirect(301, "/new.xml"));
    world.publisher.setRoute("/taken-old.xml", redirect(301, "/taken-new.xml"));
    const moved = await addDueSource(world.database.db, world.publisher.url("/old.xml"));
    const kept = await addDueSource(world.database.db, world.publisher.url("/taken-old.xml"));
    const holder = await addDueSource(world.database.db, world.publisher.url("/taken-new.xml"));
    for (let fetch = 0; fetch < 2; fetch++) {
      await makeAllDue(world.database.db);
      await run();
    }
    const source = (id: number) =>
      world.database.db.source.findUniqueOrThrow({ where: { id }, include: { events: true } });
    expect((await source(moved)).feedUrl).toBe(world.publisher.url("/new.xml"));
    const keptSource = await source(kept);
    expect(keptSource).toMatchObject({
      feedUrl: world.publisher.url("/taken-old.xml"),
      pendingRedirectUrl: null,
      pendingRedirectCount: 0,
    });
    expect(keptSource.events.map((event) => event.detail)).toContainEqual(
      expect.stringContaining(`already subscribed as source #${holder}; URL kept`),
    );
  });
});

describe("a person's changes while a round walks its list", () => {
  it("skips sources disabled or removed after the round began, and keeps an edit made during a fetch", async () => {
    const db = world.database.db;
    const firstId = await addDueSource(db, world.publisher.url("/walk-first.xml"));
    const disabledId = await addDueSource(db, world.publisher.url("/walk-disabled.xml"));
    const removedId = await addDueSource(db, world.publisher.url("/walk-removed.xml"));
    for (const path of ["/walk-disabled.xml", "/walk-removed.xml"])
      world.publisher.setRoute(path, feed({ body: rssFeed({ items: ITEMS_V1 }) }));
    // The person acts while the round is fetching the first source (the list is already loaded).
    world.publisher.setRoute("/walk-first.xml", async (request, response) => {
      await updateSource(db, {
        userId: await readerId(db),
        sourceId: firstId,
        customTitle: "Renamed by me",
        folderName: null,
        enabled: true,
        now: new Date(),
      });
      await updateSource(db, {
        userId: await readerId(db),
        sourceId: disabledId,
        customTitle: null,
        folderName: null,
        enabled: false,
        now: new Date(),
      });
      await removeSource(db, { userId: await readerId(db), sourceId: removedId });
      await feed({ body: rssFeed({ items: ITEMS_V1 }) })(request, response);
    });

    const report = await run();

    expect(report.status === "completed" && report.lines.map((line) => line.sourceId)).toEqual([firstId]);
    expect(world.publisher.requestsTo("/walk-disabled.xml")).toHaveLength(0);
    expect(world.publisher.requestsTo("/walk-removed.xml")).toHaveLength(0);
    expect(await db.source.findUniqueOrThrow({ where: { id: firstId } })).toMatchObject({ lastOutcome: "ok" });
    expect(await subscriptionOf(db, firstId)).toMatchObject({ customTitle: "Renamed by me", unreadCount: 2 });
    expect(await db.source.findUniqueOrThrow({ where: { id: disabledId } })).toMatchObject({
      enabled: false,
      disabledReason: "user",
      lastFetchedAt: null,
    });
    expect(await db.source.findUnique({ where: { id: removedId } })).toBeNull();
  });
});
