// The reader in Chromium against the production build: reading, state, keyboard, bulk actions,
// infinite scroll, freshness, failures, and the narrow layout. Screenshots of the main screens
// in both themes land in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { markUnread } from "@/lib/pipeline/store/reading/article-state";
import { SETTINGS } from "@/lib/settings/settings-registry";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
const source = { alpha: 0, beta: 0, gamma: 0 };
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await createFreshDatabase();
  const { db } = database;
  source.alpha = await seedSource(db, { title: "Alpha Weekly", folder: "Tech" });
  source.beta = await seedSource(db, { title: "Beta News", folder: "Tech" });
  source.gamma = await seedSource(db, {
    title: "Gamma Journal",
    state: { consecutiveErrors: 2, nextCheckReason: "backoff after 2 errors" },
  });
  await seedSource(db, { title: "Delta Gone", state: { enabled: false, disabledReason: "gone" } });
  await seedArticles(
    db,
    source.alpha,
    Array.from({ length: 70 }, (_, n) => ({
      title: `Alpha story ${n}`,
      author: "Ann Author",
      publishedAt: new Date(Date.now() - (n + 1) * HOUR),
      snippet: `Alpha snippet ${n}: a line of plain text that the list shows under the title.`,
      content: `<p>Alpha body ${n}. A calm paragraph of text for reading.</p><figure><img src="https://images.invalid/${n}.jpg" alt="" width="1600" height="900" referrerpolicy="no-referrer" loading="lazy"><figcaption>A wide image</figcaption></figure><pre><code>const answer = 42;</code></pre>`,
    })),
  );
  await seedArticles(
    db,
    source.beta,
    Array.from({ length: 30 }, (_, n) => ({
      title: `Beta report ${n}`,
      publishedAt: new Date(Date.now() - (n + 0.5) * 2 * HOUR),
      read: n % 2 === 1,
      starred: n === 2,
    })),
  );
  await seedArticles(db, source.gamma, [
    {
      title: "Gamma episode with an attachment",
      publishedAt: new Date(Date.now() - 30 * 60 * 1000),
      content: "<p>Listen below.</p>",
      enclosures: [{ url: "https://cdn.invalid/episode-1.mp3", type: "audio/mpeg", length: 24_000_000 }],
    },
  ]);
  server = await startAppServer({ DATABASE_URL: database.url });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.dispose();
});

/** A page with the reader hydrated (the keyboard works from then on). */
async function openReader(path: string, options: { context?: BrowserContext; dark?: boolean } = {}): Promise<Page> {
  const page = options.context
    ? await options.context.newPage()
    : await browser.newPage({ viewport: { width: 1360, height: 860 } });
  if (options.dark) await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${server.url}${path}`);
  await page.locator("[data-ready]").waitFor();
  return page;
}

const rows = (page: Page) => page.locator("[data-article-id]");
const feeds = (page: Page) => page.locator('nav[aria-label="Feeds"]');

async function badge(page: Page, link: ReturnType<Page["locator"]>): Promise<number> {
  const text = (await link.textContent()) ?? "";
  return Number(/(\d+)$/.exec(text)?.[1] ?? 0);
}
const sourceBadge = (page: Page, id: number) => badge(page, feeds(page).locator(`a[data-source-id="${id}"]`));
const viewBadge = (page: Page, name: string) =>
  badge(page, feeds(page).getByRole("link", { name: new RegExp(`^${name}`) }));

async function articleState(id: number) {
  const row = await database.db.article.findUniqueOrThrow({
    where: { id },
    select: { _count: { select: { unreadBy: true, starredBy: true } } },
  });
  return { read: row._count.unreadBy === 0, starred: row._count.starredBy > 0 };
}

describe("reading", () => {
  it("opens an article from the list: it becomes read and the unread counts drop; starring it counts too", async () => {
    const page = await openReader("/");
    const first = rows(page).first();
    const id = Number(await first.getAttribute("data-article-id"));
    const row = await database.db.article.findUniqueOrThrow({ where: { id }, include: { source: true } });
    const [before, total, starred] = [
      await sourceBadge(page, row.sourceId),
      await viewBadge(page, "Unread"),
      await viewBadge(page, "Starred"),
    ];
    await first.getByRole("link").click();
    await page.waitForURL(`${server.url}/?article=${id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: row.title }).isVisible()).toBe(true);
    await expect.poll(() => articleState(id)).toMatchObject({ read: true });
    expect(await first.getAttribute("data-read")).toBe("true");
    expect(await sourceBadge(page, row.sourceId)).toBe(before - 1);
    expect(await viewBadge(page, "Unread")).toBe(total - 1);
    expect(await page.getByRole("link", { name: "Original ↗" }).getAttribute("rel")).toBe("noopener noreferrer");

    await page.getByRole("button", { name: "Star" }).click();
    await expect.poll(() => articleState(id)).toMatchObject({ starred: true });
    expect(await page.getByRole("button", { name: /Starred/ }).getAttribute("aria-pressed")).toBe("true");
    expect(await viewBadge(page, "Starred")).toBe(starred + 1);
    await page.screenshot({ path: screenshotPath("reader-wide-light") });
    await page.close();
  });

  it("shows enclosures as players with a download link", async () => {
    const [episode] = await database.db.article.findMany({ where: { sourceId: source.gamma } });
    const page = await openReader(`/?view=all&article=${episode!.id}`);
    const attachments = page.getByRole("list", { name: "Attachments" });
    expect(await attachments.locator("audio").getAttribute("src")).toBe("https://cdn.invalid/episode-1.mp3");
    expect(await attachments.getByRole("link").textContent()).toBe("Download episode-1.mp3");
    expect(await attachments.textContent()).toContain("22.9 MB");
    await page.close();
  });
});

describe("the keyboard", () => {
  it("walks five articles with j, opens with o, moves with j/k, toggles with m and s, and jumps with g", async () => {
    const page = await openReader("/?view=all");
    const ids = await rows(page).evaluateAll((elements) =>
      elements.map((element) => Number((element as HTMLElement).dataset.articleId)),
    );
    for (let step = 0; step < 5; step++) await page.keyboard.press("j");
    expect(await page.locator("[data-selected]").getAttribute("data-article-id")).toBe(String(ids[4]));
    await page.keyboard.press("o");
    await page.waitForURL(`${server.url}/?view=all&article=${ids[4]}`);
    await page.keyboard.press("j");
    await page.waitForURL(`${server.url}/?view=all&article=${ids[5]}`);
    await expect.poll(() => articleState(ids[4]!)).toMatchObject({ read: true });
    // k then m at once, as a fast reader types: m reaches the article before its opening renders.
    await page.keyboard.press("k");
    await page.keyboard.press("m");
    await page.waitForURL(`${server.url}/?view=all&article=${ids[4]}`);
    await expect.poll(() => articleState(ids[4]!)).toMatchObject({ read: false });
    await page.keyboard.press("s");
    // Still unread: m pressed before the opening rendered is not undone by "mark read on open".
    await expect.poll(() => articleState(ids[4]!)).toEqual({ read: false, starred: true });

    // The original opens in a new tab, without a way back to us (no opener) and without a Referer.
    const original = await database.db.article.findUniqueOrThrow({ where: { id: ids[4]! } });
    const referers: (string | undefined)[] = [];
    await page.context().route("https://publisher.example/**", (route) => {
      referers.push(route.request().headers().referer);
      return route.fulfill({ contentType: "text/html", body: "<title>Original</title>" });
    });
    const popup = page.context().waitForEvent("page");
    await page.keyboard.press("v");
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(original.url);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(referers).toEqual([undefined]);
    await tab.close();

    await page.keyboard.press("?");
    await expect.poll(() => page.getByRole("dialog", { name: "Keyboard shortcuts" }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath("reader-shortcuts") });
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(false);
    // Escape closes the article, and Back (one history entry for the reading) is the list.
    await page.keyboard.press("Escape");
    await page.waitForURL(`${server.url}/?view=all`);

    await page.keyboard.press("g");
    await page.keyboard.press("s");
    await page.waitForURL(`${server.url}/?view=starred`);
    await expect
      .poll(() =>
        rows(page).evaluateAll((elements) =>
          elements.map((element) => Number((element as HTMLElement).dataset.articleId)),
        ),
      )
      .toContain(ids[4]);
    await page.keyboard.press("/");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("reader-search");
    await page.close();
  });
});

describe("mark all read", () => {
  it("marks the view read with Shift+A, and Undo brings every article back", async () => {
    const page = await openReader(`/?source=${source.beta}`);
    const unread = await database.db.article.count({ where: { sourceId: source.beta, unreadBy: { some: {} } } });
    expect(await sourceBadge(page, source.beta)).toBe(unread);
    await page.keyboard.press("Shift+A");
    const status = page.getByRole("status").filter({ hasText: `Marked ${unread} articles read.` });
    await status.waitFor();
    await expect
      .poll(() => database.db.article.count({ where: { sourceId: source.beta, unreadBy: { some: {} } } }))
      .toBe(0);
    expect(
      await rows(page).evaluateAll((elements) =>
        elements.every((element) => (element as HTMLElement).dataset.read === "true"),
      ),
    ).toBe(true);
    await expect.poll(() => sourceBadge(page, source.beta)).toBe(0);
    await page.screenshot({ path: screenshotPath("reader-mark-all-read") });

    await status.getByRole("button", { name: "Undo" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${unread} articles are unread again.` })
      .waitFor();
    await expect
      .poll(() => database.db.article.count({ where: { sourceId: source.beta, unreadBy: { some: {} } } }))
      .toBe(unread);
    await expect.poll(() => sourceBadge(page, source.beta)).toBe(unread);
    await page.close();
  });

  it("only marks what is older than a day with the menu's option", async () => {
    const page = await openReader(`/?source=${source.alpha}`);
    const dayAgo = new Date(Date.now() - 24 * HOUR);
    const older = await database.db.article.count({
      where: { sourceId: source.alpha, unreadBy: { some: {} }, publishedAt: { lt: dayAgo } },
    });
    const newer = await database.db.article.count({
      where: { sourceId: source.alpha, unreadBy: { some: {} }, publishedAt: { gte: dayAgo } },
    });
    await page.getByText("Mark all read", { exact: true }).click();
    await page.getByRole("menuitem", { name: "Older than a day" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Marked ${older} articles read.` })
      .waitFor();
    expect(await database.db.article.count({ where: { sourceId: source.alpha, unreadBy: { some: {} } } })).toBe(newer);
    await expect.poll(() => sourceBadge(page, source.alpha)).toBe(newer);
    await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
    await expect
      .poll(() => database.db.article.count({ where: { sourceId: source.alpha, unreadBy: { some: {} } } }))
      .toBe(older + newer);
    await page.close();
  });
});

describe("the list", () => {
  it("loads the next page when scrolled to the end (keyset pages of 50)", async () => {
    const page = await openReader("/?view=all");
    const total = await database.db.article.count();
    expect(await rows(page).count()).toBe(50);
    const scrollToEnd = () =>
      page
        .locator("[data-article-id]")
        .last()
        .evaluate((element) => element.scrollIntoView());
    await scrollToEnd();
    await expect.poll(() => rows(page).count()).toBe(100);
    await scrollToEnd();
    await expect.poll(() => rows(page).count()).toBe(total);
    await page.getByText("That is all.").waitFor();
    const ids = await rows(page).evaluateAll((elements) =>
      elements.map((element) => (element as HTMLElement).dataset.articleId),
    );
    expect(new Set(ids).size).toBe(total);
    await page.close();
  });

  it("announces new articles without moving the list, and shows them on request", async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    // The page asks once when it opens: let that answer (no news) arrive before the news does.
    const firstPoll = page.waitForResponse((response) => response.url().includes("/api/articles/new?"));
    await page.goto(`${server.url}/?view=all`);
    await firstPoll;
    const firstBefore = await rows(page).first().getAttribute("data-article-id");
    const [arrived] = await seedArticles(database.db, source.gamma, [
      { title: "Fresh from the last round" },
      { title: "Another fresh one" },
    ]);
    // The poll runs every 30 s and when the tab regains focus: the test brings the focus back.
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    const banner = page.getByRole("button", { name: "2 new articles ↑" });
    await banner.waitFor({ timeout: 5_000 });
    expect(await rows(page).first().getAttribute("data-article-id")).toBe(firstBefore);
    await page.screenshot({ path: screenshotPath("reader-new-articles") });
    await banner.click();
    await expect.poll(() => rows(page).first().getAttribute("data-article-id")).toBe(String(arrived));
    expect(await banner.isVisible()).toBe(false);
    await page.close();
  });

  it("searches titles and content within the view from the search box", async () => {
    const page = await openReader("/?view=all");
    await page.keyboard.press("/");
    // Words in any order, each the start of a word (on SQLite and PostgreSQL alike).
    await page.keyboard.type("STORY ALPHA 12");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/?view=all&q=STORY+ALPHA+12`);
    const expected = await database.db.article.findMany({
      where: { title: "Alpha story 12" },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    });
    const shownIds = () =>
      rows(page).evaluateAll((elements) =>
        elements.map((element) => Number((element as HTMLElement).dataset.articleId)),
      );
    await expect.poll(() => rows(page).count()).toBe(expected.length);
    // A search comes by best match (the same words in every title here); newest first is a choice beside the box.
    const order = page.getByRole("combobox", { name: "Order of the results" });
    expect(await order.inputValue()).toBe("best");
    expect((await shownIds()).sort((a, b) => a - b)).toEqual(expected.map((row) => row.id).sort((a, b) => a - b));
    expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe("“STORY ALPHA 12” in All articles");
    // Enter leaves the search box: j selects the first result instead of typing a "j".
    await page.keyboard.press("j");
    expect(await page.locator("[data-selected]").getAttribute("data-article-id")).toBe(String((await shownIds())[0]));
    expect(await page.locator("#reader-search").inputValue()).toBe("STORY ALPHA 12");
    await order.selectOption("newest");
    await page.waitForURL(`${server.url}/?view=all&q=STORY+ALPHA+12&order=newest`);
    await expect.poll(shownIds).toEqual(expected.map((row) => row.id));
    await page.goBack();
    await page.goBack();
    await page.waitForURL(`${server.url}/?view=all`);
    expect(await page.locator("#reader-search").inputValue()).toBe("");
    expect(await order.isVisible()).toBe(false);
    await page.close();
  });

  it("marks articles read as they scroll out of sight, once the setting is on", async () => {
    const alpha = await database.db.article.findMany({
      where: { sourceId: source.alpha },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
      take: 12,
    });
    await markUnread(database.db, { userId: await readerId(database.db), ids: alpha.map((row) => row.id) });
    const page = await openReader(`/?view=all&source=${source.alpha}`);
    // click + poll rather than check(): the box follows the saved setting, a render later.
    const setting = feeds(page).getByLabel("Mark read when scrolled past");
    await setting.click();
    await expect.poll(() => setting.isChecked()).toBe(true);
    await expect
      .poll(() =>
        database.db.setting.findUnique({ where: { key: SETTINGS.markReadOnScroll.key } }).then((row) => row?.value),
      )
      .toBe("true");
    await rows(page)
      .nth(8)
      .evaluate((element) => {
        element.scrollIntoView({ block: "start" });
        element.closest("ul")?.parentElement?.scrollBy(0, 10); // the eighth row's bottom edge off the top, not touching it
      });
    const passed = alpha.slice(0, 8).map((row) => row.id);
    await expect
      .poll(() => database.db.article.count({ where: { id: { in: passed }, unreadBy: { some: {} } } }))
      .toBe(0);
    expect(
      await database.db.article.count({
        where: { id: { in: alpha.slice(9).map((row) => row.id) }, unreadBy: { some: {} } },
      }),
    ).toBe(3);
    await setting.click();
    await expect.poll(() => setting.isChecked()).toBe(false);
    await expect
      .poll(() =>
        database.db.setting.findUnique({ where: { key: SETTINGS.markReadOnScroll.key } }).then((row) => row?.value),
      )
      .toBe("false");
    await page.close();
  });

  it("reverts a change the server refused, and says so", async () => {
    const page = await openReader("/?view=all");
    const first = rows(page).first();
    const id = Number(await first.getAttribute("data-article-id"));
    await database.db.article.delete({ where: { id } });
    await page.keyboard.press("j");
    await page.keyboard.press("s");
    const alert = page.getByRole("alert").filter({ hasText: "Could not star the article: There is no such article." });
    await alert.waitFor();
    expect(await first.getByRole("img", { name: "Starred" }).count()).toBe(0);
    await page.close();
  });
});

describe("a phone (375 px)", () => {
  it("stacks the panes: tap to open, Back returns to the list where it was, the feeds slide in", async () => {
    for (const dark of [false, true]) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const page = await openReader("/", { context, dark });
      const theme = dark ? "dark" : "light";
      expect(await feeds(page).isVisible()).toBe(false);
      const row = rows(page).nth(3);
      await row.scrollIntoViewIfNeeded();
      const { title } = await database.db.article.findUniqueOrThrow({
        where: { id: Number(await row.getAttribute("data-article-id")) },
      });
      await page.screenshot({ path: screenshotPath(`reader-phone-list-${theme}`) });
      await row.getByRole("link").tap();
      await expect.poll(() => page.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(true);
      expect(await rows(page).first().isVisible()).toBe(false);
      await page.screenshot({ path: screenshotPath(`reader-phone-article-${theme}`) });
      await page.goBack();
      await expect.poll(() => row.isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.has("article")).toBe(false);
      await page.getByRole("button", { name: "Show feeds" }).tap();
      await expect.poll(() => feeds(page).isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`reader-phone-feeds-${theme}`) });
      await feeds(page).locator(`a[data-source-id="${source.gamma}"]`).tap();
      await expect.poll(() => page.getByRole("heading", { level: 2, name: "Gamma Journal" }).isVisible()).toBe(true);
      await context.close();
    }
  });
});

describe("screenshots", () => {
  it("captures the wide reader in the dark theme", async () => {
    const [article] = await database.db.article.findMany({
      where: { sourceId: source.alpha },
      orderBy: { publishedAt: "desc" },
      take: 1,
    });
    const page = await openReader(`/?view=all&article=${article!.id}`, { dark: true });
    await page.screenshot({ path: screenshotPath("reader-wide-dark") });
    await page.close();
  });
});
