// robots.txt (issue 14, item 5) against a real local publisher: read once a day and conditionally,
// through the lane; Crawl-delay as the host's gap; rules naming Tidings obeyed; rules for every
// robot shown, not obeyed, unless TIDINGS_ROBOTS=strict.
import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rateLimited, rssFeed, status } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { readerId } from "@/tests/helpers/reader-user";

const world = setUpRoundWorld();
const BODY = rssFeed({
  items: [
    { guid: "urn:r:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});
const robotsTxt = (text: string) => feed({ body: text, contentType: "text/plain", etag: '"robots-v1"' });
const polite = (robots: "on" | "strict" = "on") => testRoundSettings({ robots });

async function addFeeds(paths: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const path of paths) {
    world.publisher.setRoute(path, feed({ body: BODY }));
    ids.push(await addDueSource(world.database.db, world.publisher.url(path)));
  }
  return ids;
}

describe("robots.txt", () => {
  it("applies Crawl-delay as the host's gap, and reads robots.txt first, through the lane", async () => {
    world.publisher.setRoute("/robots.txt", robotsTxt("User-agent: *\nCrawl-delay: 0.4\n"));
    await addFeeds(["/c1.xml", "/c2.xml", "/c3.xml"]);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    const requests = world.publisher.requests;
    expect(requests.map((request) => request.path)).toEqual(["/robots.txt", "/c1.xml", "/c2.xml", "/c3.xml"]);
    expect(world.publisher.maxConcurrency()).toBe(1);
    for (let index = 2; index < requests.length; index += 1) {
      expect(requests[index]!.arrivedAt - requests[index - 1]!.finishedAt!).toBeGreaterThanOrEqual(390);
    }
  });

  it("obeys a Disallow that names Tidings: an error outcome `blocked`, no request sent", async () => {
    world.publisher.setRoute(
      "/robots.txt",
      robotsTxt("User-agent: Tidings\nDisallow: /private/\n\nUser-agent: *\nDisallow:\n"),
    );
    const [blocked] = await addFeeds(["/private/feed.xml", "/public.xml"]);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/private/feed.xml")).toHaveLength(0);
    expect(world.publisher.requestsTo("/public.xml")).toHaveLength(1);
    const fetch = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: blocked } });
    expect(fetch).toMatchObject({
      outcome: "error",
      errorKind: "blocked",
      detail: "robots.txt disallows Tidings: no request sent",
      httpStatus: null,
    });
  });

  it("reads a Disallow for every robot (*) without obeying it, and obeys it with TIDINGS_ROBOTS=strict", async () => {
    world.publisher.setRoute("/robots.txt", robotsTxt("User-agent: *\nDisallow: /\n"));
    const [id] = await addFeeds(["/everyone.xml"]);
    await runRound(world.database.db, polite("on"), { trigger: "cli" });
    expect(world.publisher.requestsTo("/everyone.xml")).toHaveLength(1);
    await makeAllDue(world.database.db);
    await runRound(world.database.db, polite("strict"), { trigger: "cli" });
    expect(world.publisher.requestsTo("/everyone.xml")).toHaveLength(1);
    const last = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: id }, orderBy: { id: "desc" } });
    expect(last).toMatchObject({
      outcome: "error",
      errorKind: "blocked",
      detail: expect.stringMatching(/User-agent: \*.*strict/),
    });
  });

  it("reads robots.txt at most once a day per host, conditionally the next time", async () => {
    world.publisher.setRoute("/robots.txt", robotsTxt("User-agent: Tidings\nDisallow: /private/\n"));
    await addFeeds(["/daily.xml", "/private/daily.xml"]);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    await makeAllDue(world.database.db);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/robots.txt")).toHaveLength(1);
    // A day later: asked again with its ETag; the 304 keeps the rules.
    await world.database.db.robotsTxt.updateMany({ data: { nextFetchAt: new Date(Date.now() - 1000) } });
    await makeAllDue(world.database.db);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    const reads = world.publisher.requestsTo("/robots.txt");
    expect(reads).toHaveLength(2);
    expect(reads[1]!.headers["if-none-match"]).toBe('"robots-v1"');
    expect(world.publisher.requestsTo("/private/daily.xml")).toHaveLength(0);
    expect(world.publisher.requestsTo("/daily.xml")).toHaveLength(3);
  });

  it("allows everything after a 404, and after a 5xx tries again within hours, not a day", async () => {
    await addFeeds(["/missing-robots.xml"]);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/missing-robots.xml")).toHaveLength(1);
    const after404 = await world.database.db.robotsTxt.findFirstOrThrow();
    expect(after404.nextFetchAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    world.publisher.setRoute("/robots.txt", status(503));
    await world.database.db.robotsTxt.updateMany({ data: { nextFetchAt: new Date(Date.now() - 1000) } });
    await makeAllDue(world.database.db);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/missing-robots.xml")).toHaveLength(2);
    const after503 = await world.database.db.robotsTxt.findFirstOrThrow();
    expect(after503).toMatchObject({ httpStatus: 503 });
    expect(after503.nextFetchAt.getTime() - Date.now()).toBeLessThan(2 * 3600_000);
  });

  it("holds the host after a robots.txt answered 429: no feed asked, no breaker count, nothing until Retry-After", async () => {
    world.publisher.setRoute("/robots.txt", rateLimited(7200));
    const [held] = await addFeeds(["/held.xml"]);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    expect(world.publisher.requests.map((request) => request.path)).toEqual(["/robots.txt"]);
    const fetch = await world.database.db.fetch.findFirstOrThrow({ where: { sourceId: held } });
    expect(fetch).toMatchObject({ outcome: "error", errorKind: "rate_limited", httpStatus: null });
    expect(fetch.detail).toMatch(/robots\.txt answered 429 \(Too Many Requests\): not asked until /);
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id: held } });
    expect([source.consecutiveErrors, source.breakerState]).toEqual([0, "closed"]);
    const robots = await world.database.db.robotsTxt.findFirstOrThrow();
    expect(robots.nextFetchAt.getTime() - Date.now()).toBeGreaterThan(7100_000);

    await makeAllDue(world.database.db);
    await runRound(world.database.db, polite(), { trigger: "cli" });
    expect(world.publisher.requests).toHaveLength(1); // neither robots.txt nor the feed asked again
  });

  it("is asked by a new subscription too, which it may refuse", async () => {
    world.publisher.setRoute("/robots.txt", robotsTxt("User-agent: tidings\nDisallow: /no/\n"));
    world.publisher.setRoute("/no/feed.xml", feed({ body: BODY }));
    const result = await subscribe(world.database.db, polite(), {
      userId: await readerId(world.database.db),
      url: world.publisher.url("/no/feed.xml"),
    });
    expect(result).toMatchObject({
      status: "invalid",
      message: expect.stringMatching(/robots\.txt disallows Tidings/),
    });
    expect(world.publisher.requests.map((request) => request.path)).toEqual(["/robots.txt"]);
  });
});
