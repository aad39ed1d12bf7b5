// Every page, on a phone (375 px) and a desktop (1366 px), in the light and the dark theme:
// nothing sticks out sideways, and every visible text meets WCAG AA contrast against what is
// really behind it (tests/helpers/page-audit.ts). A screenshot of each is kept for a person to
// look at (test-results/screenshots/layout-*.png).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { auditPage } from "@/tests/helpers/page-audit";
import { feed, rssFeed, sequence, startPublisher, status, type Publisher } from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { runRound } from "@/lib/pipeline/round/run-round";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { publisherPath } from "@/lib/reads/health/rules/publisher-path";
import { hostOf } from "@/lib/pipeline/fetch/host-of";
import { readerId } from "@/tests/helpers/reader-user";

const PASSWORD = "layout and contrast";
const LONG_WORD = "Supercalifragilisticexpialidocious-and-an-unbreakable-slug-that-goes-on";

let database: FreshDatabase;
let publisher: Publisher;
let server: AppServer;
let browser: Browser;
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;
const pages: Array<{ name: string; path: string; loggedOut?: boolean }> = [];

beforeAll(async () => {
  database = await createFreshDatabase();
  const items = [1, 2, 3].map((n) => ({
    guid: `urn:layout:${n}`,
    title: `Post ${n}: ${LONG_WORD}`,
    link: `https://publisher.example/${n}`,
    pubDate: `Mon, 0${n} Jan 2024 10:00:00 GMT`,
  }));
  const body = rssFeed({ title: "A publisher whose name is long enough to wrap on a phone", items });
  // ok, then not modified, then an error: every kind of cell in the fetch strip.
  publisher = await startPublisher({
    [`/feeds/${LONG_WORD}/rss.xml`]: sequence(feed({ body, etag: '"v1"' }), feed({ body, etag: '"v1"' }), status(500)),
  });
  const fetched = await createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: publisher.url(`/feeds/${LONG_WORD}/rss.xml`),
    title: "A publisher whose name is long enough to wrap on a phone",
    customTitle: null,
    folderName: "Reading",
  });
  for (let round = 0; round < 3; round++) {
    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings(), { trigger: "cli", sourceId: fetched });
  }
  const seeded = await seedSource(database.db, { title: "Seeded", folder: "Reading" });
  const [articleId] = await seedArticles(database.db, seeded, [
    {
      title: `An article with ${LONG_WORD}`,
      content: `<p>Text with <a href="https://publisher.example/a">a link</a>, <code>code</code> and ${LONG_WORD}.</p><pre>a long line of preformatted text that must scroll inside its own box instead of widening the page</pre>`,
    },
    { title: "Read", read: true },
    { title: "Starred", starred: true },
  ]);
  pages.push(
    { name: "reader", path: "/" },
    { name: "article", path: `/?view=all&article=${articleId}` },
    { name: "sources", path: "/sources" },
    { name: "source", path: `/sources/${fetched}` },
    { name: "source-edit", path: `/sources/${fetched}/edit` },
    { name: "source-new", path: "/sources/new" },
    { name: "import-export", path: "/sources/import" },
    { name: "health", path: "/health" },
    { name: "publisher", path: publisherPath(hostOf(publisher.url("/"))) },
    { name: "settings", path: "/settings" },
    { name: "login", path: "/login", loggedOut: true },
    { name: "not-found", path: "/no-such-page" },
    { name: "source-not-found", path: "/sources/999999" },
  );
  server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_PASSWORD: PASSWORD,
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
  });
  browser = await launchChromium();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("User name").fill("tidings");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  session = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await publisher?.close();
  await database?.dispose();
});

describe.each([
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
])("at $width px", (viewport) => {
  describe.each(["light", "dark"] as const)("in the %s theme", (theme) => {
    it("no page overflows sideways and every text meets AA contrast", async () => {
      const failures: string[] = [];
      for (const target of pages) {
        const context = await browser.newContext({
          viewport,
          colorScheme: theme,
          storageState: target.loggedOut ? undefined : session,
        });
        const page = await context.newPage();
        try {
          await page.goto(`${server.url}${target.path}`);
          await page.waitForLoadState("networkidle");
          // Streamed pages: the segment's loading text gives way to the content.
          await page.waitForFunction(
            () => !document.querySelector('[role="status"]')?.textContent?.startsWith("Loading"),
            null,
            { timeout: 15_000 },
          );
          await page.screenshot({
            path: screenshotPath(`layout-${target.name}-${viewport.width}-${theme}`),
            fullPage: true,
          });
          const audit = await auditPage(page);
          for (const line of [...audit.overflow, ...audit.contrast]) failures.push(`${target.name}: ${line}`);
        } finally {
          await context.close();
        }
      }
      expect(failures).toEqual([]);
    });
  });
});

describe("the console", () => {
  it("reports no stylesheet preloaded and then left unused, on any page", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: session });
    const warnings: string[] = [];
    try {
      // All at once: Chromium reports an unused preload about 3 s after the load event.
      await Promise.all(
        pages
          // Known remainder: an unknown source's 404 (notFound() in app/sources/[id]/layout.tsx)
          // still carries Next's preload hints for that segment's stylesheets, which the 404 never uses.
          .filter((target) => !target.loggedOut && target.name !== "source-not-found")
          .map(async (target) => {
            const page = await context.newPage();
            page.on("console", (message) => {
              if (/preloaded using link preload but not used/.test(message.text()))
                warnings.push(`${target.name}: ${message.text()}`);
            });
            await page.goto(`${server.url}${target.path}`);
            await page.waitForLoadState("load");
          }),
      );
      await new Promise((resolve) => setTimeout(resolve, 6000));
    } finally {
      await context.close();
    }
    expect(warnings).toEqual([]);
  });
});

describe("the edit page's loading state", () => {
  it("names the source's settings, not its health, while the page is on its way", async () => {
    const source = pages.find((target) => target.name === "source")!;
    const context = await browser.newContext({ storageState: session });
    const page = await context.newPage();
    try {
      // The edit page itself arrives late; its prefetched loading state is shown meanwhile.
      await page.route("**/edit**", async (route) => {
        const prefetch = Object.keys(route.request().headers()).some(
          (name) => name.startsWith("next-router-") && name.endsWith("prefetch"),
        );
        if (!prefetch) await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      await page.goto(`${server.url}${source.path}`);
      await page.waitForLoadState("networkidle");
      await page.getByRole("link", { name: "Edit or remove" }).click();
      expect(
        await page
          .getByRole("status")
          .filter({ hasText: /^Loading/ })
          .textContent(),
      ).toBe("Loading the source's settings…");
      await page.getByRole("heading", { level: 1, name: /^Edit/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});
