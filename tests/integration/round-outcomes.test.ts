import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, churningEtag, rssFeed } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/round/run-round";

const world = setUpRoundWorld();

const ITEMS_V1 = [
  { guid: "urn:post:2", title: "Second post", link: "https://publisher.example/2", pubDate: "Tue, 02 Jan 2024 10:00:00 GMT" },
  { guid: "urn:post:1", title: "First post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
];
const ITEMS_V2 = [{ guid: "urn:post:3", title: "Third post", link: "https://publisher.example/3", pubDate: "Wed, 03 Jan 2024 10:00:00 GMT" }, ...ITEMS_V1];

const run = () => runRound(world.database.db, testRoundSettings(), { trigger: "cli" });

describe("a round over one polite publisher", () => {
  it("records ok, then not_modified, then ok with only the new articles", async () => {
    world.publisher.setRoute("/a.xml", feed({ body: rssFeed({ items: ITEMS_V1 }), etag: 'W/"v1"', lastModified: "Mon, 01 Jan 2024 10:00:00 GMT" }));
    const id = await addDueSource(world.database.db, world.publisher.url("/a.xml"));

    const first = await run();
    expect(first.status).toBe("completed");
    let source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(source).toMatchObject({ etag: 'W/"v1"', lastModified: "Mon, 01 Jan 2024 10:00:00 GMT", lastOutcome: "ok", kind: "rss", title: "Sample feed" });
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
    expect(source.unreadCount).toBe(3);
  });

  it("sends exactly the polite headers: identifying User-Agent, Accept, gzip, no cookie, no referer", async () => {
    world.publisher.setRoute("/h.xml", feed({ body: rssFeed({ items: ITEMS_V1 }) }));
    await addDueSource(world.database.db, world.publisher.url("/h.xml"));
    await run();
    const [request] = world.publisher.requestsTo("/h.xml");
    expect(request!.path).toBe("/h.xml");
    expect(request!.headers["user-agent"]).toMatch(/^Tidings\/\d+\.\d+\.\d+ \(\+https?:\/\/\S+; self-hosted feed reader; 1 subscriber\)$/);
    expect(request!.headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(request!.headers.accept).toMatch(/application\/rss\+xml.*application\/atom\+xml.*application\/feed\+json/);
    expect(request!.headers.cookie).toBeUndefined();
    expect(request!.headers.referer).toBeUndefined();
    expect(request!.headers["if-none-match"]).toBeUndefined();
  });

  it("stores the validators a 304 carries", async () => {
    world.publisher.setRoute("/r.xml", feed({ body: rssFeed({ items: ITEMS_V1 }), lastModified: "Mon, 01 Jan 2024 10:00:00 GMT" }));
    const id = await addDueSource(world.database.db, world.publisher.url("/r.xml"));
    await run();
    world.publisher.setRoute("/r.xml", (_request, response) => void response.writeHead(304, { ETag: '"fresh"' }).end());
    await makeAllDue(world.database.db);
    await run();
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect(source).toMatchObject({ etag: '"fresh"', lastModified: "Mon, 01 Jan 2024 10:00:00 GMT", lastOutcome: "not_modified" });
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
    await world.database.db.article.update({ where: { id: first.id }, data: { readAt: new Date() } });

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
    expect(updated.readAt).not.toBeNull();
    expect(updated.updatedAt).not.toBeNull();
    const fetch = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: id }, orderBy: { id: "desc" } });
    expect(fetch.updatedArticles).toBe(1);
  });

  it("gives undated items their first-seen time", async () => {
    world.publisher.setRoute("/u.xml", feed({ body: rssFeed({ items: [{ guid: "urn:undated", title: "No date", link: "https://publisher.example/x" }] }) }));
    const id = await addDueSource(world.database.db, world.publisher.url("/u.xml"));
    const before = Date.now();
    await run();
    const article = await world.database.db.article.findFirstOrThrow({ where: { sourceId: id } });
    expect(article.publishedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(article.publishedAt.getTime()).toBe(article.firstSeenAt.getTime());
  });
});
