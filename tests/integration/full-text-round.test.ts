// Full text (issue 27) against a real local site: the round fetches each new article's page of a
// full-text source once, through the lane (one request at a time, the domain's gap), keeps the
// article beside the feed's content, and logs each page as a request of its own kind.
import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { addFullTextSite, htmlPage, readPageFixture } from "@/tests/helpers/article-site";
import { runRound } from "@/lib/pipeline/round/run-round";
import { fetchArticlePage } from "@/lib/pipeline/round/fetch-article-page";
import { readPageTarget } from "@/lib/pipeline/store/pages/page-targets";
import { reExtractSource } from "@/lib/reads/sources/re-extract-source";

const world = setUpRoundWorld();
const GAP_MS = 200;

async function pageOf(url: string) {
  const article = await world.database.db.article.findFirstOrThrow({ where: { url }, include: { page: true } });
  return article;
}

describe("full text in a round", () => {
  it("stores each page's article without the rest, with its images, beside the feed's content", async () => {
    const { db } = world.database;
    const { publisher } = world;
    const sourceId = await addFullTextSite(db, publisher, {
      "/news/bridges": htmlPage(readPageFixture("news-article")),
      "/blog/sourdough": htmlPage(readPageFixture("blog-post")),
      "/docs/queue": htmlPage(readPageFixture("docs-page")),
    });
    const report = await runRound(db, testRoundSettings({ hostGapMs: GAP_MS }), { trigger: "cli" });
    expect(report.status).toBe("completed");

    const news = await pageOf(publisher.url("/news/bridges"));
    expect(news.content).toBe("Teaser 1: read on.");
    expect(news.page).toMatchObject({ state: "extracted", extractedBy: "readability", errorKind: null });
    const content = news.page!.content!;
    expect(content).toContain("When the spring floods took the last of the footbridges");
    expect(content).toContain("which is the point of a bridge");
    for (const noise of ["COMMENT-MARKER", "FOOTER-MARKER", "BUY CHEAP TRACTORS", "Related stories", "INJECTED"])
      expect(content).not.toContain(noise);
    // Lazy images recovered: data-src over a placeholder, data-srcset, and the <noscript> figure.
    expect(content).toContain(`src="${publisher.url("/images/bridge-lead.jpg")}"`);
    expect(content).toContain(`${publisher.url("/images/workshop-1600.jpg")} 1600w`);
    expect(content).toContain(`src="${publisher.url("/images/first-span.jpg")}"`);
    expect(content).not.toContain("placeholder.svg");
    expect(content).not.toContain("data:image");
    // Sanitized by Tidings's own sanitizer: nothing of the page's scripts or handlers survives.
    expect(content).not.toMatch(/<script|onclick|onload|javascript:|<iframe|<noscript/i);

    const blog = await pageOf(publisher.url("/blog/sourdough"));
    expect(blog.page!.content).toContain("Bread is patience made edible.");
    expect(blog.page!.content).not.toMatch(/COMMENT-MARKER|AD-MARKER|FOOTER-MARKER|Recent posts/);
    const docs = await pageOf(publisher.url("/docs/queue"));
    expect(docs.page!.content).toContain("<table>");
    expect(docs.page!.content).toContain("compact_ratio = 2.0");

    // The site's requests: feed, then the three pages, one at a time, each after the domain's gap.
    const requests = publisher.requests;
    expect(requests.map((request) => request.path)).toEqual([
      "/feed.xml",
      "/docs/queue",
      "/blog/sourdough",
      "/news/bridges",
    ]);
    expect(publisher.maxConcurrency()).toBe(1);
    for (let index = 1; index < requests.length; index += 1)
      expect(requests[index]!.arrivedAt - requests[index - 1]!.finishedAt!).toBeGreaterThanOrEqual(GAP_MS - 10);
    expect(requests[1]!.headers.accept).toMatch(/^text\/html/);
    expect(requests[1]!.headers["user-agent"]).toMatch(/^Tidings\//);

    // Each page is a request of its own kind in the log, with its bytes, counted for the source.
    const fetches = await db.fetch.findMany({ where: { sourceId, kind: "page" }, orderBy: { id: "asc" } });
    expect(fetches).toHaveLength(3);
    for (const fetch of fetches) {
      expect(fetch).toMatchObject({ kind: "page", outcome: "ok", httpStatus: 200, manual: false });
      expect(fetch.bytesReceived).toBeGreaterThan(1000);
    }
  });

  it("fetches each page once: a later round asks only for the feed", async () => {
    const { db } = world.database;
    await addFullTextSite(db, world.publisher, { "/news/once": htmlPage(readPageFixture("news-article")) });
    await runRound(db, testRoundSettings(), { trigger: "cli" });
    await makeAllDue(db);
    await runRound(db, testRoundSettings(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/news/once")).toHaveLength(1);
    expect(world.publisher.requestsTo("/feed.xml")).toHaveLength(2);
  });

  it("does not fetch pages for a source without full text", async () => {
    const { db } = world.database;
    const sourceId = await addFullTextSite(db, world.publisher, {
      "/news/off": htmlPage(readPageFixture("news-article")),
    });
    await db.source.update({ where: { id: sourceId }, data: { fullText: false } });
    await runRound(db, testRoundSettings(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/news/off")).toHaveLength(0);
    expect(await db.articlePage.count()).toBe(0);
  });

  it("asks again conditionally on the reader's action, and re-reads the kept page on a 304", async () => {
    const { db } = world.database;
    await addFullTextSite(db, world.publisher, {
      "/news/again": htmlPage(readPageFixture("news-article"), '"page-v1"'),
    });
    await runRound(db, testRoundSettings(), { trigger: "cli" });
    const article = await pageOf(world.publisher.url("/news/again"));
    const target = await readPageTarget(db, article.id);
    const report = await fetchArticlePage(db, testRoundSettings(), target!, { manual: true });
    expect(report).toEqual({ articleId: article.id, state: "extracted", detail: null });
    const asked = world.publisher.requestsTo("/news/again");
    expect(asked).toHaveLength(2);
    expect(asked[1]!.headers["if-none-match"]).toBe('"page-v1"');
    const last = await db.fetch.findFirstOrThrow({ where: { articleId: article.id }, orderBy: { id: "desc" } });
    expect(last).toMatchObject({ outcome: "not_modified", httpStatus: 304, conditional: true, manual: true });
    expect((await pageOf(world.publisher.url("/news/again"))).page!.content).toContain("spring floods");
  });

  it("re-extract applies a changed selector to the kept pages, without a request", async () => {
    const { db } = world.database;
    const sourceId = await addFullTextSite(db, world.publisher, {
      "/blog/selector": htmlPage(readPageFixture("blog-post")),
    });
    await runRound(db, testRoundSettings(), { trigger: "cli" });
    const before = world.publisher.requests.length;
    await db.source.update({ where: { id: sourceId }, data: { fullTextSelector: "#comments .comment-content" } });
    expect(await reExtractSource(db, sourceId)).toEqual({ pages: 1, extracted: 0 });
    const failed = await pageOf(world.publisher.url("/blog/selector"));
    // One comment is too little to be an article: said so, and the feed's content stays.
    expect(failed.page).toMatchObject({ state: "failed", errorKind: "no_article" });
    await db.source.update({ where: { id: sourceId }, data: { fullTextSelector: ".entry-content ol, blockquote" } });
    expect(await reExtractSource(db, sourceId)).toEqual({ pages: 1, extracted: 1 });
    const picked = await pageOf(world.publisher.url("/blog/selector"));
    expect(picked.page).toMatchObject({ state: "extracted", extractedBy: "selector" });
    expect(picked.page!.content).toContain("bake straight from the fridge");
    expect(picked.page!.content).not.toContain("Winter is hard on a starter");
    expect(world.publisher.requests.length).toBe(before);
  });
});
