// Full text's bad input (issue 27): a page that is huge, hangs, redirects to another site, is not
// HTML, is an image, has no article, is disallowed by robots.txt, or is hostile. The article keeps
// its feed content, the page's row and the fetch log say why, nothing of the page executes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { testRoundSettings } from "@/tests/helpers/round-fixtures";
import { addFullTextSite, htmlPage, readPageFixture } from "@/tests/helpers/article-site";
import {
  feed,
  hang,
  hugeBody,
  redirect,
  resetConnection,
  sequence,
  startPublisher,
  status,
  type Publisher,
} from "@/tests/helpers/publisher";
import { makeAllDue } from "@/tests/helpers/round-fixtures";
import { HOSTILE_PAGE } from "@/tests/fixtures/hostile-page";
import { runRound } from "@/lib/pipeline/round/run-round";

const world = setUpRoundWorld();
let elsewhere: Publisher;
beforeAll(async () => {
  elsewhere = await startPublisher({ "/landing": htmlPage(readPageFixture("news-article")) }, { host: "127.10.0.2" });
});
afterAll(async () => elsewhere?.close());

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

async function expectRefused(path: string, errorKind: string, detail: RegExp) {
  const { db } = world.database;
  const article = await db.article.findFirstOrThrow({
    where: { url: world.publisher.url(path) },
    include: { page: true },
  });
  expect(article.content).toMatch(/^Teaser \d+: read on\.$/);
  expect(article.page).toMatchObject({ state: "failed", errorKind, content: null });
  expect(article.page!.detail).toMatch(detail);
  return article;
}

describe("full text: bad pages", () => {
  it("refuses each bad page with its reason, and the article keeps its feed content", async () => {
    const { db } = world.database;
    const sourceId = await addFullTextSite(db, world.publisher, {
      "/huge": htmlPage("<html><body>" + "<p>word </p>".repeat(60_000) + "</body></html>"),
      "/endless": hugeBody({ bytes: 5 * 1024 * 1024 }),
      "/hangs": hang({ prefix: "<html><body><p>Once upon" }),
      "/moved": redirect(302, `${elsewhere.origin}/landing`),
      "/picture": feed({ body: PNG, contentType: "image/png" }),
      "/data": feed({ body: '{"title":"not a page"}', contentType: "application/json" }),
      "/front": htmlPage(readPageFixture("front-page")),
    });
    const settings = testRoundSettings({ fetch: { maxBodyBytes: 400_000, timeoutMs: 800 } });
    await runRound(db, settings, { trigger: "cli" });

    await expectRefused("/huge", "too_large", /over the 390\.6 KiB limit/);
    await expectRefused("/endless", "too_large", /./);
    await expectRefused("/hangs", "timeout", /./);
    await expectRefused("/moved", "blocked", /redirected to another site \(127\.10\.0\.2\): not followed/);
    expect(elsewhere.requests).toHaveLength(0);
    await expectRefused("/picture", "not_html", /not an HTML page \(image\/png\)/);
    await expectRefused("/data", "not_html", /application\/json/);
    await expectRefused("/front", "no_article", /no article/);

    const log = await db.fetch.findMany({ where: { sourceId, kind: "page" } });
    expect(log).toHaveLength(7);
    for (const row of log) {
      expect(row).toMatchObject({ kind: "page", outcome: "error" });
      expect(row.detail).toBeTruthy();
    }
  });

  it("does not fetch a page robots.txt keeps from Tidings, and says so", async () => {
    const { db } = world.database;
    world.publisher.setRoute(
      "/robots.txt",
      feed({ body: "User-agent: Tidings\nDisallow: /members/\n", contentType: "text/plain" }),
    );
    await addFullTextSite(db, world.publisher, { "/members/story": htmlPage(readPageFixture("news-article")) });
    await runRound(db, testRoundSettings({ robots: "on" }), { trigger: "cli" });
    expect(world.publisher.requestsTo("/members/story")).toHaveLength(0);
    const article = await expectRefused("/members/story", "blocked", /robots\.txt disallows Tidings/);
    expect(await db.fetch.findMany({ where: { articleId: article.id } })).toMatchObject([
      { outcome: "error", errorKind: "blocked", httpStatus: null },
    ]);
  });

  it("asks again for a page whose request failed for a passing reason: an hour apart, three times at most", async () => {
    const { db } = world.database;
    await addFullTextSite(db, world.publisher, {
      "/flaky": sequence(resetConnection(), status(503), htmlPage(readPageFixture("news-article"))),
      "/down": status(500),
      "/teaser-only": htmlPage(readPageFixture("front-page")),
    });
    const round = async () => {
      await makeAllDue(db);
      await runRound(db, testRoundSettings(), { trigger: "cli" });
    };
    const anHourAgo = () => db.articlePage.updateMany({ data: { fetchedAt: new Date(Date.now() - 2 * 3600_000) } });
    await round();
    await expectRefused("/flaky", "connect", /./);
    await round(); // within the hour: not asked again
    expect(world.publisher.requestsTo("/flaky")).toHaveLength(1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await anHourAgo();
      await round();
    }
    const flaky = await db.article.findFirstOrThrow({
      where: { url: world.publisher.url("/flaky") },
      include: { page: true },
    });
    expect(flaky.page).toMatchObject({ state: "extracted", attempts: 3 });
    expect(world.publisher.requestsTo("/flaky")).toHaveLength(3);
    // A server that keeps failing is asked three times in all; a page without an article once.
    expect(world.publisher.requestsTo("/down")).toHaveLength(3);
    expect(world.publisher.requestsTo("/teaser-only")).toHaveLength(1);
  });

  it("keeps a hostile page's article and nothing that could execute", async () => {
    const { db } = world.database;
    await addFullTextSite(db, world.publisher, { "/hostile": htmlPage(HOSTILE_PAGE) });
    await runRound(db, testRoundSettings(), { trigger: "cli" });
    const article = await db.article.findFirstOrThrow({
      where: { url: world.publisher.url("/hostile") },
      include: { page: true },
    });
    expect(article.page?.state).toBe("extracted");
    const content = article.page!.content!;
    expect(content).toContain("The harbour wall was finished");
    expect(content).not.toMatch(/<script|<iframe|<object|<embed|<svg|<form|\son[a-z]+=|javascript:|data:text/i);
    expect(content).not.toContain("PWNED");
  });
});
