// The sources page at 10,000 sources (issue 26): a hundred rows a page, a filter by state and a
// search, all in the address; in Chromium against the built app and a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { importSources } from "@/lib/pipeline/store/sources/import-sources";
import { readerId } from "@/tests/helpers/reader-user";

const FLEET = 10_000;
let database: FreshDatabase;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  database = await createFreshDatabase();
  // Feed 00001 … 10000 on 500 sites; never fetched, so "Not fetched yet", but for 30 turned off.
  const entries = Array.from({ length: FLEET }, (_, index) => ({
    url: `https://site${index % 500}.example/feed-${index + 1}.xml`,
    title: `Feed ${String(index + 1).padStart(5, "0")}`,
    folder: null,
    siteUrl: null,
  }));
  await importSources(database.db, await readerId(database.db), entries, new Date());
  await database.db.source.updateMany({ where: { id: { lte: 30 } }, data: { enabled: false } });
  server = await startAppServer({ DATABASE_URL: database.url });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.dispose();
});

/** The page streams in behind its loading state: wait until the list is shown. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.locator("[data-sources-count]").waitFor();
}

const rowTitles = (page: Page) =>
  page.locator("tbody tr td:nth-child(2) a").evaluateAll((links) => links.map((link) => link.textContent));

describe("the sources page at 10,000 sources", () => {
  it("shows a hundred rows a page and pages through them by the address", async () => {
    const page = await browser.newPage();
    await open(page, "/sources");
    expect(await page.locator("tbody tr").count()).toBe(100);
    expect(await page.locator("[data-sources-count]").textContent()).toBe("1–100 of 10,000 sources");
    await page.screenshot({ path: screenshotPath("sources-paging"), fullPage: false });
    await page.getByRole("link", { name: "Next →" }).click();
    await page.waitForURL(/\/sources\?page=2$/);
    expect((await rowTitles(page))[0]).toBe("Feed 00101");
    expect(await page.locator("[data-sources-count]").textContent()).toBe("101–200 of 10,000 sources");
    // A page past the end shows the last one; a malformed one the first.
    await open(page, "/sources?page=999");
    expect((await rowTitles(page)).at(-1)).toBe("Feed 10000");
    await open(page, "/sources?page=abc");
    expect((await rowTitles(page))[0]).toBe("Feed 00001");
    await page.close();
  });

  it("keeps one state and a search, through the form, and keeps them across sorts and pages", async () => {
    const page = await browser.newPage();
    await open(page, "/sources");
    await page.getByLabel("State").selectOption("disabled");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/state=disabled/);
    expect(await page.locator("tbody tr").count()).toBe(30);
    expect(await page.locator("[data-sources-count]").textContent()).toBe("1–30 of 30 matching, of 10,000 sources");
    await page.getByRole("link", { name: "Show all" }).click();
    await page.waitForURL(`${server.url}/sources`);
    await page.getByLabel("Search").fill("SITE7.example");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/q=SITE7\.example/);
    // site7.example carries every 500th feed from the 8th: 20 feeds.
    expect(await page.locator("[data-sources-count]").textContent()).toBe("1–20 of 20 matching, of 10,000 sources");
    expect((await rowTitles(page)).slice(0, 2)).toEqual(["Feed 00008", "Feed 00508"]);
    await page.getByRole("link", { name: "Next due" }).click();
    await page.waitForURL(/sort=next&q=SITE7\.example/);
    expect(await page.locator("tbody tr").count()).toBe(20);
    await page.getByLabel("Search").fill("no such feed");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/q=no\+such\+feed/);
    expect(await page.locator("[data-sources-count]").textContent()).toBe("No source matches, of 10,000.");
    expect(await page.locator("tbody tr").count()).toBe(0);
    await page.close();
  });
});
