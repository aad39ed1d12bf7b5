// The installable app: Chromium's own installability check passes, the service worker takes
// over, an article read once stays readable after the server is stopped, a change made offline
// is not pretended to have worked, and nothing stored is shown to a browser whose session ended.
// The app is served from 127.0.0.1, a secure context for service workers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium, launchPersistentChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { starredAtOf } from "@/tests/helpers/reader-user";

const PASSWORD = "installable app";

let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
let articleIds: number[];

beforeAll(async () => {
  database = await createFreshDatabase();
  const sourceId = await seedSource(database.db, { title: "Offline reading" });
  articleIds = await seedArticles(database.db, sourceId, [
    { title: "Read on the train", content: "<p>Every word of this article is here without the server.</p>" },
    { title: "Never opened", content: "<p>This one was never opened.</p>" },
  ]);
  server = await startAppServer({ DATABASE_URL: database.url, TIDINGS_PASSWORD: PASSWORD });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.dispose();
});

async function logIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("User name").fill("tidings");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  return page;
}

/**
 * Stops the app server's process group, runs the offline part, and starts a new server on the
 * same database (a new port: a new origin, so the next test meets no worker of this one).
 */
async function withServerStopped(offline: () => Promise<void>): Promise<void> {
  await server.stop();
  try {
    await offline();
  } finally {
    server = await startAppServer({ DATABASE_URL: database.url, TIDINGS_PASSWORD: PASSWORD });
  }
}

/** Waits until a service worker controls the page (after its first load, clients.claim()). */
/**
 * The worker's state once active, and whether it controls the page. clients.claim() takes the
 * documents that exist when it runs: a navigation that was under way at that moment (the first page
 * after logging in) stays uncontrolled, as in any browser, and the next load is controlled. So a
 * page still uncontrolled once the worker is active is reloaded once, as a person's next visit.
 */
async function waitForController(page: Page): Promise<string> {
  const state = (waitMs: number) =>
    page.evaluate(async (waitMs) => {
      const registration = await navigator.serviceWorker.ready;
      const deadline = Date.now() + waitMs;
      while (!navigator.serviceWorker.controller && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return `${registration.active?.state ?? "none"} ${navigator.serviceWorker.controller ? "controlling" : "not controlling"}`;
    }, waitMs);
  const first = await state(3_000);
  if (!first.endsWith("not controlling")) return first;
  await page.reload();
  return state(15_000);
}

const storedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        urls.push(`${name} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    return urls;
  });

describe("the installable app", () => {
  it("meets Chromium's installability criteria: a manifest with its icons, served without a session", async () => {
    // Chromium does not install apps from an incognito profile, which browser.newContext() is.
    const profile = mkdtempSync(path.join(tmpdir(), "tidings-profile-"));
    const context = await launchPersistentChromium(profile);
    const page = await logIn(context);
    await page.goto(`${server.url}/`);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ name: "Tidings", display: "standalone", start_url: "/" });
    // The installability check fetches the icons; poll, as Chromium finishes that in the background.
    await expect
      .poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });

    // The browser asks for these without the cookie (the icons, the worker's update check).
    for (const path of [
      "/manifest.webmanifest",
      "/sw.js",
      "/offline.html",
      "/icons/icon-192.png",
      "/icons/icon-512.png",
      "/icons/icon-maskable-512.png",
    ]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect([path, response.status]).toEqual([path, 200]);
    }
    // Everything else still needs the session.
    expect((await fetch(`${server.url}/icons/other.png`, { redirect: "manual" })).status).toBe(303);
    expect((await fetch(`${server.url}/api/articles/${articleIds[0]}`)).status).toBe(401);
  });

  it("keeps an article opened once readable with the server stopped, and never fakes a change made offline", async () => {
    const context = await browser.newContext();
    const page = await logIn(context);
    await page.goto(`${server.url}/`);
    expect(await waitForController(page)).toBe("activated controlling");
    // Opened once, now that the worker sees the requests.
    const articlePath = `/?view=all&article=${articleIds[0]}`;
    await page.goto(`${server.url}${articlePath}`);
    await page.locator(`article[data-loaded-article-id="${articleIds[0]}"]`).waitFor();
    await expect
      .poll(() => storedUrls(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^tidings-reading-v\d+ \/\?view=all&article=/)]));
    const stored = await storedUrls(page);
    expect(stored.filter((url) => /\/api\/(fever|greader|rounds|settings)|\/login/.test(url))).toEqual([]);

    await withServerStopped(async () => {
      await page.reload();
      const article = page.locator(`article[data-loaded-article-id="${articleIds[0]}"]`);
      await article.waitFor({ timeout: 15_000 });
      expect(await article.textContent()).toContain("Every word of this article is here without the server.");
      await page.screenshot({ path: screenshotPath("offline-article"), fullPage: true });

      // A change made offline fails as a change: the reader's own PATCH, and a POST as such.
      const outcome = await page.evaluate(async (id) => {
        const attempt = async (method: string, url: string, body: unknown) => {
          try {
            const response = await fetch(url, {
              method,
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify(body),
            });
            return `answered ${response.status}`;
          } catch {
            return "failed";
          }
        };
        return [
          await attempt("PATCH", `/api/articles/${id}`, { starred: true }),
          await attempt("POST", "/api/articles/mark-read", { ids: [id] }),
        ];
      }, articleIds[0]);
      expect(outcome).toEqual(["failed", "failed"]);

      // A page never stored offline is the offline page, not an error or someone else's data.
      await page.goto(`${server.url}/health`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("The server cannot be reached");
    });
    await context.close();
    expect(await starredAtOf(database.db, articleIds[0]!)).toBeNull();
  });

  it("keeps an article opened from the list (the address changed, no page loaded) readable offline too", async () => {
    const context = await browser.newContext();
    const page = await logIn(context);
    await page.goto(`${server.url}/?view=all`);
    await waitForController(page);
    await page.reload();
    await page.getByRole("link", { name: /Never opened/ }).click();
    await page.locator(`article[data-loaded-article-id="${articleIds[1]}"]`).waitFor();
    await expect
      .poll(() => storedUrls(page))
      .toEqual(expect.arrayContaining([`tidings-reading-v1 /api/articles/${articleIds[1]}`]));

    await withServerStopped(async () => {
      await page.reload();
      const article = page.locator(`article[data-loaded-article-id="${articleIds[1]}"]`);
      await article.waitFor({ timeout: 15_000 });
      expect(await article.textContent()).toContain("This one was never opened.");
      expect(new URL(page.url()).searchParams.get("article")).toBe(String(articleIds[1]));
    });
    await context.close();
  });

  it("forgets every stored page and article when the session ends, so a logged-out browser reads nothing offline", async () => {
    const context = await browser.newContext();
    const page = await logIn(context);
    await page.goto(`${server.url}/`);
    await waitForController(page);
    await page.goto(`${server.url}/?view=all&article=${articleIds[0]}`);
    await page.locator(`article[data-loaded-article-id="${articleIds[0]}"]`).waitFor();
    await expect
      .poll(async () => (await storedUrls(page)).filter((url) => url.startsWith("tidings-reading")).length)
      .toBeGreaterThan(0);

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect
      .poll(async () => (await storedUrls(page)).filter((url) => url.startsWith("tidings-reading")))
      .toEqual([]);

    // Online, the logged-out browser meets the login page for the reader, not a stored copy.
    await page.goto(`${server.url}/?view=all&article=${articleIds[0]}`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  it("deletes the previous version's caches when a new worker activates, and keeps this version's", async () => {
    const context = await browser.newContext();
    const page = await logIn(context);
    await page.goto(`${server.url}/?view=all&article=${articleIds[1]}`);
    await waitForController(page);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => caches.keys()))
      .toEqual(expect.arrayContaining(["tidings-shell-v1", "tidings-reading-v1"]));

    // The rest runs on a page of ours that does not register the worker itself: the reader's own
    // register("/sw.js"), late under load, would otherwise undo the new release's registration.
    await page.goto(`${server.url}/offline.html`);
    // What an older release left behind, and a cache that is not Tidings' own.
    await page.evaluate(async () => {
      await (await caches.open("tidings-reading-v0")).put("/?view=all", new Response("an old release's page"));
      await (await caches.open("not-tidings")).put("/x", new Response("not ours"));
    });
    // A new script URL is a new worker to the browser: it installs and activates as a release would.
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?release=next"));
    await expect
      .poll(
        () =>
          page.evaluate(async () => ({
            caches: (await caches.keys()).sort(),
            worker: (await navigator.serviceWorker.ready).active?.scriptURL,
          })),
        { timeout: 15_000 },
      )
      .toEqual({
        caches: ["not-tidings", "tidings-reading-v1", "tidings-shell-v1"],
        worker: `${server.url}/sw.js?release=next`,
      });
    await context.close();
  });
});
