// Issue 18, items 1 and 2, in Chromium against the production build: a new user subscribes and
// reads without a terminal; the reader's basics (skip link and focus, tab title, the new-articles
// pill and the counts, oldest first in the URL, Refresh through the polite round).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";

let database: FreshDatabase;
let publisher: Publisher;
let server: AppServer;
let browser: Browser;
const DAY = 24 * 60 * 60 * 1000;

const BLOG_ITEMS = [
  {
    guid: "urn:blog:2",
    title: "Second letter from the blog",
    link: "https://blog.invalid/2",
    pubDate: "Tue, 02 Jan 2024 10:00:00 GMT",
    description: "<p>The second letter's body.</p>",
  },
  {
    guid: "urn:blog:1",
    title: "First letter from the blog",
    link: "https://blog.invalid/1",
    pubDate: "Mon, 01 Jan 2024 10:00:00 GMT",
    description: "<p>The first letter's body.</p>",
  },
];
const oneItem = (key: string) =>
  rssFeed({
    title: `Due ${key}`,
    items: [{ guid: `urn:due:${key}`, title: `Due ${key} brought this`, link: `https://due.invalid/${key}` }],
  });

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({
    "/blog.xml": feed({ body: rssFeed({ title: "A local blog", items: BLOG_ITEMS }), etag: '"blog-v1"' }),
    "/due-a.xml": feed({ body: oneItem("a"), etag: '"a"' }),
    "/due-b.xml": feed({ body: oneItem("b"), etag: '"b"' }),
  });
  server = await startAppServer({ DATABASE_URL: database.url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true" });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await publisher?.close();
  await database?.dispose();
});

const desktop = () => browser.newPage({ viewport: { width: 1366, height: 860 } });
const rows = (page: Page) => page.locator("[data-article-id]");
const rowIds = (page: Page) =>
  rows(page).evaluateAll((elements) => elements.map((element) => Number((element as HTMLElement).dataset.articleId)));
/** What has the focus: its text, the list row it is in, whether it is inside the open article. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      text: element?.textContent?.trim() ?? "",
      id: element?.id ?? "",
      rowId: Number(element?.closest<HTMLElement>("[data-article-id]")?.dataset.articleId ?? 0),
      inArticle: Boolean(element?.closest("article")),
    };
  });
const sidebarUnread = async (): Promise<number> =>
  ((await (await fetch(`${server.url}/api/sidebar`)).json()) as { unread: number }).unread;

describe("a new user, without a terminal", () => {
  it("finds Add a feed and Import OPML in the empty reader and the empty sources page, leading to their forms", async () => {
    const page = await desktop();
    for (const path of ["/", "/sources"]) {
      await page.goto(`${server.url}${path}`);
      const empty = page.locator(".empty-state");
      await empty.getByRole("heading", { name: "No feeds yet" }).waitFor();
      expect(await empty.locator("code").count()).toBe(0);
      expect(await empty.getByRole("link", { name: "+ Add a feed" }).getAttribute("href")).toBe("/sources/new");
      await page.screenshot({
        path: screenshotPath(`onboarding-empty${path === "/" ? "-reader" : "-sources"}`),
        fullPage: true,
      });
      await empty.getByRole("link", { name: "Import OPML" }).click();
      await page.waitForURL(`${server.url}/sources/import`);
      await page.getByRole("heading", { level: 1 }).waitFor();
    }
    await page.goto(server.url);
    await page.locator(".empty-state").getByRole("link", { name: "+ Add a feed" }).click();
    await page.waitForURL(`${server.url}/sources/new`);
    await page.getByLabel("Feed or site address").waitFor();
    await page.close();
  });

  it("subscribes to a local publisher's feed from the first screen and reads it", async () => {
    const page = await desktop();
    await page.goto(server.url);
    await page.locator(".empty-state").getByRole("link", { name: "+ Add a feed" }).click();
    await page.getByLabel("Feed or site address").fill(publisher.url("/blog.xml"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/sources\/\d+\?added=1$/, { timeout: 30_000 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Articles" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator("[data-ready]").waitFor();
    await page.getByRole("link", { name: /First letter from the blog/ }).click();
    // The article's own body (the list row's snippet says the same words).
    await page
      .getByRole("article", { name: /First letter from the blog/ })
      .getByText("The first letter's body.")
      .waitFor();
    await page.screenshot({ path: screenshotPath("onboarding-first-article") });
    expect(publisher.requestsTo("/blog.xml")).toHaveLength(1);
    await page.close();
  });
});

describe("the reader's basics", () => {
  let weekly = 0;
  let other = 0;
  let oldestFirst: number[] = [];

  beforeAll(async () => {
    const notDue = { nextDueAt: new Date(Date.now() + DAY) };
    weekly = await seedSource(database.db, {
      title: "Keyboard Weekly",
      state: { ...notDue, feedUrl: publisher.url("/weekly.xml") },
    });
    other = await seedSource(database.db, {
      title: "Other Daily",
      state: { ...notDue, feedUrl: publisher.url("/other.xml") },
    });
    // 60 articles: more than one page (50), so that oldest first pages through the cursor.
    const ids = await seedArticles(
      database.db,
      weekly,
      Array.from({ length: 60 }, (_, n) => ({
        title: `Weekly issue ${n}`,
        publishedAt: new Date(Date.now() - (n + 1) * 3_600_000),
      })),
    );
    oldestFirst = [...ids].reverse();
    await seedArticles(database.db, other, [{ title: "Other news" }]);
  });

  it("reads by keyboard alone, from the first Tab to the second article, the focus following the article and back", async () => {
    const page = await desktop();
    await page.goto(`${server.url}/?view=all`);
    await page.locator("[data-ready]").waitFor();
    const [first, second] = await rowIds(page);
    await page.keyboard.press("Tab");
    expect((await focused(page)).text).toBe("Skip to articles");
    const skip = await page.getByRole("link", { name: "Skip to articles" }).boundingBox();
    expect(skip!.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: screenshotPath("reader-skip-link") });
    await page.keyboard.press("Enter");
    expect((await focused(page)).id).toBe("article-list");
    await page.keyboard.press("Tab");
    expect((await focused(page)).rowId).toBe(first);
    await page.keyboard.press("Enter");
    await page.locator(`[data-loaded-article-id="${first}"]`).waitFor();
    await expect.poll(async () => (await focused(page)).inArticle).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => new URL(page.url()).searchParams.has("article")).toBe(false);
    await expect.poll(async () => (await focused(page)).rowId).toBe(first);
    await page.keyboard.press("Tab");
    expect((await focused(page)).rowId).toBe(second);
    await page.keyboard.press("Enter");
    await page.locator(`[data-loaded-article-id="${second}"]`).waitFor();
    await expect.poll(async () => (await focused(page)).inArticle).toBe(true);
    expect(new URL(page.url()).searchParams.get("article")).toBe(String(second));
    await page.screenshot({ path: screenshotPath("reader-keyboard-second-article") });
    await page.close();
  });

  it("shows the unread count in the tab title and keeps it current", async () => {
    const page = await desktop();
    await page.goto(`${server.url}/?source=${weekly}`);
    await page.locator("[data-ready]").waitFor();
    const unread = await sidebarUnread();
    expect(unread).toBeGreaterThan(1);
    // From the server's first render on (not only once the client has run).
    expect(await page.title()).toBe(`(${unread}) Tidings`);
    await rows(page).first().locator("a").click();
    await expect.poll(() => page.title()).toBe(`(${unread - 1}) Tidings`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sources" }).click();
    await expect.poll(() => page.title()).toBe("Sources · Tidings");
    await page.close();
  });

  it("places the new-articles pill over nothing, and brings the sidebar's counts up to date with it", async () => {
    const page = await desktop();
    const firstPoll = page.waitForResponse((response) => response.url().includes("/api/articles/new?"));
    await page.goto(`${server.url}/?source=${weekly}&view=all`);
    await firstPoll;
    const before = await sidebarUnread();
    // One article in this view, two in another: the counts must learn about all three.
    await seedArticles(database.db, weekly, [{ title: "Fresh weekly" }]);
    await seedArticles(database.db, other, [{ title: "Fresh other 1" }, { title: "Fresh other 2" }]);
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    const pill = page.getByRole("button", { name: "1 new article ↑" });
    await pill.waitFor({ timeout: 10_000 });
    const unreadLink = page.locator('nav[aria-label="Feeds"]').getByRole("link", { name: /^Unread/ });
    await expect.poll(async () => Number(/(\d+)$/.exec((await unreadLink.textContent()) ?? "")?.[1])).toBe(before + 3);
    const pillBox = (await pill.boundingBox())!;
    const titleBox = (await rows(page).first().locator("a > span:nth-child(2)").boundingBox())!;
    const rowBox = (await rows(page).first().boundingBox())!;
    const overlaps = (a: typeof pillBox, b: typeof pillBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(pillBox, titleBox)).toBe(false);
    expect(overlaps(pillBox, rowBox)).toBe(false);
    await page.screenshot({ path: screenshotPath("reader-new-articles-pill") });
    // More arrive, none in this view: the pill's count stays, the counts still follow.
    await seedArticles(database.db, other, [{ title: "Fresh other 3" }, { title: "Fresh other 4" }]);
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(async () => Number(/(\d+)$/.exec((await unreadLink.textContent()) ?? "")?.[1])).toBe(before + 5);
    expect(await pill.isVisible()).toBe(true);
    await page.close();
  });

  it("keeps oldest first in the URL across a reload and pages through it; another view starts newest first", async () => {
    const page = await desktop();
    await page.goto(`${server.url}/?source=${weekly}&view=all`);
    await page.locator("[data-ready]").waitFor();
    const toggle = page.getByRole("button", { name: "Oldest first" });
    await toggle.click();
    await expect.poll(() => new URL(page.url()).searchParams.get("order")).toBe("oldest");
    await expect.poll(async () => (await rowIds(page))[0]).toBe(oldestFirst[0]);
    await page.reload();
    await page.locator("[data-ready]").waitFor();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect((await rowIds(page))[0]).toBe(oldestFirst[0]);
    // Scroll to the end: the second page comes through the oldest-first cursor.
    for (let attempt = 0; attempt < 20 && !(await page.getByText("That is all.").isVisible()); attempt++) {
      await page.locator("#article-list").evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(150);
    }
    const all = await rowIds(page);
    expect(all.slice(0, oldestFirst.length)).toEqual(oldestFirst);
    expect(all.length).toBe(oldestFirst.length + 1); // + "Fresh weekly", the newest
    await page.screenshot({ path: screenshotPath("reader-oldest-first") });
    await page.locator(`nav[aria-label="Feeds"] a[data-source-id="${other}"]`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("source")).toBe(String(other));
    expect(new URL(page.url()).searchParams.has("order")).toBe(false);
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect((await rowIds(page))[0]).not.toBe(oldestFirst[0]);
    await page.close();
  });

  it("fits the list's new controls on a 375 px phone, in both themes", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 }, colorScheme });
      await page.goto(`${server.url}/?source=${weekly}&view=all&order=oldest`);
      await page.locator("[data-ready]").waitFor();
      for (const name of ["Oldest first", "Refresh", "Mark all read"]) {
        const box = (await page
          .getByRole("button", { name })
          .or(page.getByText(name, { exact: true }))
          .first()
          .boundingBox())!;
        expect(box.x + box.width, name).toBeLessThanOrEqual(375);
      }
      // The list pane itself does not scroll sideways (the app header's own overflow at 375 px is R18B's, issue 18 item 5).
      const pane = page.getByRole("region", { name: "Article list" });
      expect(await pane.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      await page.screenshot({ path: screenshotPath(`reader-basics-phone-${colorScheme}`) });
      await page.close();
    }
  });

  it("Refresh asks only the due sources, in one round, and says what it did", async () => {
    const dueA = await seedSource(database.db, {
      title: "Due A",
      state: { feedUrl: publisher.url("/due-a.xml"), nextDueAt: new Date(Date.now() - 60_000) },
    });
    const dueB = await seedSource(database.db, {
      title: "Due B",
      state: { feedUrl: publisher.url("/due-b.xml"), nextDueAt: new Date(Date.now() - 60_000) },
    });
    const enabled = await database.db.source.count({ where: { enabled: true } });
    publisher.clearRequests();
    const page = await desktop();
    await page.goto(`${server.url}/?view=all`);
    await page.locator("[data-ready]").waitFor();
    await page.getByRole("button", { name: "Refresh" }).click();
    const said = page.getByRole("status").filter({ hasText: "sources checked" });
    await said.waitFor({ timeout: 30_000 });
    expect(await said.locator("span").first().textContent()).toBe(
      `2 sources checked, ${enabled - 2} not due yet, 2 new articles.`,
    );
    const feedRequests = () => publisher.requests.filter((request) => request.path !== "/robots.txt");
    expect(
      feedRequests()
        .map((request) => request.path)
        .sort(),
    ).toEqual(["/due-a.xml", "/due-b.xml"]);
    // What the round brought shows through the pill, and it is in the database.
    await page.getByRole("button", { name: /new articles? ↑/ }).waitFor({ timeout: 10_000 });
    expect(await database.db.article.count({ where: { sourceId: { in: [dueA, dueB] } } })).toBe(2);
    await page.screenshot({ path: screenshotPath("reader-refresh") });
    // A second press at once finds nothing due: no request is sent.
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("status").filter({ hasText: "No source is due" }).waitFor({ timeout: 30_000 });
    expect(feedRequests()).toHaveLength(2);
    await page.close();
  });
});
