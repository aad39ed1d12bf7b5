// Site icons in Chromium (issue 27): the sidebar, the article list and the source's page show each
// site's icon, served by Tidings (the browser asks the publishers for nothing), on a phone and a
// desktop, light and dark. Screenshots in test-results/screenshots/site-icons-*.png.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { feed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { solidPng } from "@/tests/helpers/images";
import { runRound } from "@/lib/pipeline/round/run-round";

let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
const sites: Publisher[] = [];
const sourceIds: number[] = [];

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#2a7"/><circle cx="8" cy="8" r="4" fill="#fff"/></svg>`;
const rss = (origin: string, title: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>${origin}/</link>` +
  [1, 2]
    .map(
      (n) => `<item><guid>urn:${title}:${n}</guid><title>${title}, post ${n}</title><link>${origin}/${n}</link></item>`,
    )
    .join("") +
  `</channel></rss>`;

beforeAll(async () => {
  database = await createFreshDatabase();
  const icons = [
    { title: "Orange Weekly", path: "/favicon.ico", body: solidPng(16, [230, 120, 20]), type: "image/png" },
    { title: "Green Notes", path: "/green.svg", body: SVG, type: "image/svg+xml" },
    // A soft 404: an HTML page answered 200 for the icon, refused.
    { title: "Iconless Digest", path: "/favicon.ico", body: "<html>not found</html>", type: "text/html" },
  ];
  for (const [index, icon] of icons.entries()) {
    const site = await startPublisher({}, { host: `127.10.1.${index + 1}` });
    site.setRoute("/feed.xml", feed({ body: rss(site.origin, icon.title) }));
    site.setRoute(
      "/",
      feed({ body: `<html><head><link rel="icon" href="/green.svg"></head></html>`, contentType: "text/html" }),
    );
    if (icon.path) site.setRoute(icon.path, feed({ body: icon.body, contentType: icon.type }));
    sites.push(site);
    sourceIds.push(await addDueSource(database.db, site.url("/feed.xml"), icon.title));
  }
  await runRound(database.db, testRoundSettings({ icons: true }), { trigger: "cli" });
  server = await startAppServer({ DATABASE_URL: database.url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true" });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const site of sites) await site.close();
  await database?.dispose();
});

const requestsToSites = () => sites.reduce((total, site) => total + site.requests.length, 0);
/** Every <img> in `scope` has loaded (its natural width is the icon's). */
const allLoaded = (page: Page, scope: string) =>
  page
    .locator(`${scope} img`)
    .evaluateAll(
      (images) => images.length > 0 && images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
    );

describe("site icons in the reader", () => {
  it("shows each site's icon in the sidebar and the list, from Tidings's origin, in both themes and sizes", async () => {
    const asked = requestsToSites();
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 860 }, colorScheme });
      await page.goto(`${server.url}/?view=all`);
      await page.locator("[data-ready]").waitFor();
      const sidebarIcons = page.locator('nav[aria-label="Feeds"] img');
      expect(await sidebarIcons.count()).toBe(2);
      for (const src of await sidebarIcons.evaluateAll((images) => images.map((image) => image.getAttribute("src"))))
        expect(src).toMatch(/^\/site-icons\/[0-9a-f]{64}$/);
      await expect.poll(() => allLoaded(page, 'nav[aria-label="Feeds"]')).toBe(true);
      expect(await page.locator('[aria-label="Articles"] img').count()).toBe(4);
      await expect.poll(() => allLoaded(page, '[aria-label="Articles"]')).toBe(true);
      await page.screenshot({ path: screenshotPath(`site-icons-reader-1366-${colorScheme}`) });
      await page.close();

      const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, colorScheme, hasTouch: true });
      await phone.goto(`${server.url}/?view=all`);
      await phone.locator("[data-ready]").waitFor();
      await expect.poll(() => allLoaded(phone, '[aria-label="Articles"]')).toBe(true);
      await phone.screenshot({ path: screenshotPath(`site-icons-list-375-${colorScheme}`) });
      await phone.getByRole("button", { name: "Show feeds" }).tap();
      await expect.poll(() => allLoaded(phone, 'nav[aria-label="Feeds"]')).toBe(true);
      await phone.screenshot({ path: screenshotPath(`site-icons-sidebar-375-${colorScheme}`) });
      await phone.close();
    }
    // The browser asked the publishers for nothing: every icon came from Tidings.
    expect(requestsToSites()).toBe(asked);
  });

  it("shows the icon on the source's page and refreshes it on request", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    await page.goto(`${server.url}/sources/${sourceIds[0]}#icon`);
    const section = page.locator("#icon");
    await section.locator('[data-site-icon-state="found"] img').waitFor();
    expect(await section.textContent()).toContain(`Found at ${sites[0]!.url("/favicon.ico")}`);
    const before = sites[0]!.requestsTo("/favicon.ico").length;
    await section.getByRole("button", { name: "Refresh the icon" }).click();
    await page.locator("[data-icon-result]").waitFor();
    expect(await page.locator("[data-icon-result]").textContent()).toMatch(/^Icon found at /);
    expect(sites[0]!.requestsTo("/favicon.ico")).toHaveLength(before + 1);
    await section.screenshot({ path: screenshotPath("site-icons-source-section") });
    await page.goto(`${server.url}/sources/${sourceIds[2]}#icon`);
    await page.locator('#icon [data-site-icon-state="refused"]').waitFor();
    expect(await page.locator("#icon").textContent()).toMatch(/not an image/);
    await page.close();
  });
});
