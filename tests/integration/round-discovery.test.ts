import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rssFeed } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { importOpml } from "@/lib/reads/sources/import-opml";
import { readerId } from "@/tests/helpers/reader-user";

// Discovery everywhere (issue 14, item 6): a source whose URL answers an HTML page is switched to
// the page's one feed, in the round, as the add form would.

const world = setUpRoundWorld();
const GAP_MS = 300;
const run = () => runRound(world.database.db, testRoundSettings({ hostGapMs: GAP_MS }), { trigger: "cli" });
const FEED = rssFeed({
  items: [
    {
      guid: "urn:blog:1",
      title: "Hello",
      link: "https://publisher.example/1",
      pubDate: "Mon, 01 Jan 2024 10:00:00 GMT",
    },
  ],
});
const page = (links: string[]) =>
  `<!doctype html><html><head><title>A blog</title>${links.map((href) => `<link rel="alternate" type="application/rss+xml" href="${href}">`).join("")}</head><body>Hi</body></html>`;
const html = (links: string[]) =>
  feed({ body: page(links), contentType: "text/html; charset=utf-8", etag: '"page-1"' });
const sourceOf = (id: number) => world.database.db.source.findUniqueOrThrow({ where: { id } });

describe("a source whose URL is a web page", () => {
  it("imported by OPML, resolves to its one feed in a round: switched, recorded, fetched after the host gap", async () => {
    world.publisher.setRoute("/blog/", html(["/blog/feed.xml"]));
    world.publisher.setRoute("/blog/feed.xml", feed({ body: FEED, etag: '"feed-1"' }));
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline type="rss" text="Blog" xmlUrl="${world.publisher.url("/blog/")}"/></body></opml>`;
    const imported = await importOpml(
      world.database.db,
      await readerId(world.database.db),
      opml,
      { allowPrivateNetworks: true },
      new Date(),
    );
    expect(imported.ok && imported.added.length).toBe(1);
    const id = imported.ok ? imported.added[0]!.sourceId : 0;

    await run();
    const source = await sourceOf(id);
    expect(source).toMatchObject({
      feedUrl: world.publisher.url("/blog/feed.xml"),
      lastOutcome: "ok",
      etag: '"feed-1"',
      kind: "rss",
      refusedKind: null,
    });
    expect(await world.database.db.article.count({ where: { sourceId: id } })).toBe(1);
    const [event] = await world.database.db.sourceEvent.findMany({ where: { sourceId: id, kind: "url_changed" } });
    expect(event!.detail).toBe(
      `Feed discovered: ${world.publisher.url("/blog/")} is an HTML page whose one feed link is ${world.publisher.url("/blog/feed.xml")}; switched to it`,
    );
    const [fetchRow] = await world.database.db.fetch.findMany({ where: { sourceId: id } });
    expect(fetchRow!.detail).toBe(`an HTML page: switched to its feed ${world.publisher.url("/blog/feed.xml")}`);
    // The second request inside the fetch kept the host gap.
    const [pageRequest, feedRequest] = world.publisher.requests;
    expect([pageRequest!.path, feedRequest!.path]).toEqual(["/blog/", "/blog/feed.xml"]);
    expect(feedRequest!.arrivedAt - pageRequest!.finishedAt!).toBeGreaterThanOrEqual(GAP_MS - 20);

    // From now on the round asks the feed itself, conditionally.
    await makeAllDue(world.database.db);
    await run();
    expect(
      world.publisher.requests.map((request) => [request.path, request.headers["if-none-match"] ?? null]).slice(2),
    ).toEqual([["/blog/feed.xml", '"feed-1"']]);
  });

  it.each([
    [
      "no feed link",
      [],
      'an HTML page that links to no feed (<link rel="alternate">): edit the source to give its feed address',
    ],
    [
      "two feed links",
      ["/a.xml", "/b.xml"],
      "an HTML page that links to 2 feeds (URL/a.xml, URL/b.xml): edit the source to choose one",
    ],
  ])("with %s, says what it found, and the page's own 304 is then 'still not a feed'", async (_name, links, detail) => {
    world.publisher.setRoute("/site", html(links));
    const id = await addDueSource(world.database.db, world.publisher.url("/site"));
    await run();
    const expected = detail.replaceAll("URL", world.publisher.origin);
    expect(await sourceOf(id)).toMatchObject({
      lastErrorKind: "not_a_feed",
      refusedKind: "not_a_feed",
      refusedDetail: expected,
      refusedEtag: '"page-1"',
    });
    await makeAllDue(world.database.db);
    await run();
    const rows = await world.database.db.fetch.findMany({ where: { sourceId: id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.errorKind, row.httpStatus, row.detail])).toEqual([
      ["not_a_feed", 200, expected],
      ["not_a_feed", 304, `still not a feed, unchanged (HTTP 304): ${expected}`],
    ]);
    // The feed links were never requested.
    expect(world.publisher.requests.map((request) => request.path)).toEqual(["/site", "/site"]);
  });

  it("whose one feed is already subscribed: not switched, the page says by which source, and it is looked at again next time", async () => {
    world.publisher.setRoute("/home", html(["/home/feed.xml"]));
    world.publisher.setRoute("/home/feed.xml", feed({ body: FEED }));
    const holder = await addDueSource(world.database.db, world.publisher.url("/home/feed.xml"));
    await world.database.db.source.update({
      where: { id: holder },
      data: { nextDueAt: new Date(Date.now() + 3_600_000) },
    });
    const id = await addDueSource(world.database.db, world.publisher.url("/home"));
    await run();
    const source = await sourceOf(id);
    expect(source.feedUrl).toBe(world.publisher.url("/home"));
    expect(source.lastErrorKind).toBe("not_a_feed");
    const [row] = await world.database.db.fetch.findMany({ where: { sourceId: id } });
    expect(row!.detail).toBe(
      `an HTML page whose feed, ${world.publisher.url("/home/feed.xml")}, is already subscribed as source #${holder}`,
    );
    expect(world.publisher.requestsTo("/home/feed.xml")).toHaveLength(0);
    // Not remembered as the page's refusal: the verdict depends on our subscriptions, not the page.
    expect(source.refusedKind).toBeNull();
  });

  it("whose one feed link fails: an error on the page, nothing remembered, so the next try follows the link again", async () => {
    world.publisher.setRoute("/lost", html(["/lost/missing.xml"]));
    const id = await addDueSource(world.database.db, world.publisher.url("/lost"));
    await run();
    const source = await sourceOf(id);
    expect(source).toMatchObject({
      feedUrl: world.publisher.url("/lost"),
      lastErrorKind: "not_a_feed",
      refusedKind: null,
    });
    const [row] = await world.database.db.fetch.findMany({ where: { sourceId: id } });
    expect(row!.detail).toBe(
      `an HTML page whose feed link ${world.publisher.url("/lost/missing.xml")} failed: HTTP 404 Not Found`,
    );
  });
});
