// Full text in Chromium (issue 27): an article before and after "Fetch the full article", the
// version line and its switch, on a phone (375 px) and a desktop (1366 px), light and dark (an
// article not yet fetched, full-text-teaser-*, and one fetched, full-text-after-*); the
// source's page with its full-text section and the edit form's settings. Screenshots in
// test-results/screenshots/full-text-*.png.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { feed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addFullTextSite, htmlPage, readPageFixture } from "@/tests/helpers/article-site";
import { testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";

let database: FreshDatabase;
let publisher: Publisher;
let server: AppServer;
let browser: Browser;
let sourceId: number;
const articleIds: Record<string, number> = {};

/** The fixture's images, as small SVG pictures (the page's <img> elements load them from the publisher). */
const picture = (hue: number) =>
  feed({
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="hsl(${hue},45%,55%)"/><circle cx="400" cy="225" r="120" fill="hsl(${hue},45%,80%)"/></svg>`,
    contentType: "image/svg+xml",
  });

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({
    "/images/bridge-lead.jpg": picture(200),
    "/images/workshop-800.jpg": picture(30),
    "/images/workshop-1600.jpg": picture(30),
    // The <picture>'s WebP source, which Chromium picks.
    "/images/workshop-800.webp": picture(30),
    "/images/workshop-1600.webp": picture(30),
    "/images/first-span.jpg": picture(120),
  });
  sourceId = await addFullTextSite(database.db, publisher, {
    "/news/bridges": htmlPage(readPageFixture("news-article"), '"bridges-v1"'),
    "/members/only": htmlPage(readPageFixture("blog-post")),
  });
  await database.db.source.update({ where: { id: sourceId }, data: { fullText: false } });
  await database.db.subscription.updateMany({ where: { sourceId }, data: { customTitle: "The Valley Courier" } });
  publisher.setRoute(
    "/robots.txt",
    feed({ body: "User-agent: Tidings\nDisallow: /members/\n", contentType: "text/plain" }),
  );
  await runRound(database.db, testRoundSettings(), { trigger: "cli" });
  for (const path of ["/news/bridges", "/members/only"])
    articleIds[path] = (await database.db.article.findFirstOrThrow({ where: { url: publisher.url(path) } })).id;
  server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    TIDINGS_HOST_GAP_MS: "0",
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await publisher?.close();
  await database?.dispose();
});

async function openArticle(id: number, viewport: { width: number; height: number }, dark: boolean): Promise<Page> {
  const page = await browser.newPage({ viewport, colorScheme: dark ? "dark" : "light" });
  await page.goto(`${server.url}/?article=${id}`);
  await page.locator(`[data-loaded-article-id="${id}"]`).waitFor();
  return page;
}

const content = (page: Page) => page.locator("[data-article-content]");

describe("Fetch the full article", () => {
  it("shows the teaser, then the whole article with its images, and switches between the two", async () => {
    const id = articleIds["/news/bridges"]!;
    const page = await openArticle(id, { width: 1366, height: 900 }, false);
    expect(await content(page).textContent()).toBe("Teaser 1: read on.");
    await page.screenshot({ path: screenshotPath("full-text-before-1366-light") });

    await page.getByRole("button", { name: "Fetch the full article" }).click();
    await page.locator('[data-article-version="full"]').waitFor();
    await expect.poll(() => content(page).textContent()).toContain("When the spring floods took");
    const text = (await content(page).textContent()) ?? "";
    expect(text).not.toMatch(/COMMENT-MARKER|FOOTER-MARKER|BUY CHEAP TRACTORS/);
    // The lazy images, recovered, loaded in the page (their natural width is the SVG's).
    const images = content(page).locator("img");
    expect(await images.count()).toBe(3);
    // loading="lazy" (the sanitizer's): each loads when scrolled to.
    for (let index = 0; index < 3; index += 1) await images.nth(index).scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth > 0)), {
        timeout: 10_000,
      })
      .toEqual([true, true, true]);
    await page.locator("[data-article-body]").evaluate((element) => (element.scrollTop = 0));
    expect(await page.getByText(/Full article from the page, fetched/).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath("full-text-after-1366-light") });
    expect(publisher.requestsTo("/news/bridges")).toHaveLength(1);

    await page.getByRole("button", { name: "Show the feed's version" }).click();
    await page.locator('[data-article-version="feed"]').waitFor();
    expect(await content(page).textContent()).toBe("Teaser 1: read on.");
    await page.getByRole("button", { name: "Show the full article" }).click();
    await expect.poll(() => content(page).textContent()).toContain("spring floods");

    // Again: conditional, answered 304, the kept page read again.
    await page.getByRole("button", { name: "Fetch it again" }).click();
    await expect.poll(() => publisher.requestsTo("/news/bridges").length).toBe(2);
    expect(publisher.requestsTo("/news/bridges")[1]!.headers["if-none-match"]).toBe('"bridges-v1"');
    await page.close();
  });

  it("looks right on a phone and a desktop, light and dark, before and after", async () => {
    const id = articleIds["/news/bridges"]!;
    for (const dark of [false, true])
      for (const viewport of [
        { width: 375, height: 812 },
        { width: 1366, height: 900 },
      ]) {
        // Before: an article whose page was never asked for (nothing is clicked here), its action offered.
        const before = await openArticle(articleIds["/members/only"]!, viewport, dark);
        await before.getByRole("button", { name: "Fetch the full article" }).waitFor();
        await before.screenshot({
          path: screenshotPath(`full-text-teaser-${viewport.width}-${dark ? "dark" : "light"}`),
        });
        await before.close();
        const page = await openArticle(id, viewport, dark);
        await page.locator('[data-article-version="full"]').waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: screenshotPath(`full-text-after-${viewport.width}-${dark ? "dark" : "light"}`),
        });
        await page.close();
      }
  });

  it("says why a page robots.txt keeps from Tidings was not fetched, and keeps the feed's version", async () => {
    const id = articleIds["/members/only"]!;
    const page = await openArticle(id, { width: 375, height: 812 }, true);
    await page.getByRole("button", { name: "Fetch the full article" }).click();
    await page.getByText(/The full article could not be read \(robots\.txt disallows Tidings/).waitFor();
    expect(await content(page).textContent()).toBe("Teaser 2: read on.");
    expect(publisher.requestsTo("/members/only")).toHaveLength(0);
    await page.screenshot({ path: screenshotPath("full-text-refused-375-dark") });
    await page.close();
  });
});

describe("the source's full text", () => {
  it("shows the page requests as their own kind and their cost, and the edit form's settings", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.url}/sources/${sourceId}#full-text`);
    const log = page.locator("[data-page-log]");
    await log.waitFor();
    expect(await log.locator("tbody tr").count()).toBe(3);
    expect(await page.locator("[data-page-cost]").textContent()).toMatch(/3 requests \(1 not modified, 1 error\)/);
    await page.locator("#full-text").screenshot({ path: screenshotPath("full-text-source-section") });
    await page.getByRole("button", { name: "Re-extract" }).click();
    await page.locator("[data-re-extract-result]").waitFor();
    expect(await page.locator("[data-re-extract-result]").textContent()).toMatch(
      /Read 1 kept page\(s\) again: 1 with an article/,
    );

    await page.goto(`${server.url}/sources/${sourceId}/edit`);
    await page.getByLabel("Fetch the full article of each new entry").check();
    await page.getByLabel(/Article selector/).fill("div[");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText('"div[" is not a CSS selector Tidings can use').waitFor();
    expect((await database.db.source.findUniqueOrThrow({ where: { id: sourceId } })).fullText).toBe(false);
    await page.getByLabel(/Article selector/).fill("article.story");
    await page.getByLabel("Fetch the full article of each new entry").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect(await database.db.source.findUniqueOrThrow({ where: { id: sourceId } })).toMatchObject({
      fullText: true,
      fullTextSelector: "article.story",
    });
    await page.screenshot({ path: screenshotPath("full-text-edit-form"), fullPage: true });
    await page.close();
  });
});
