// A newcomer's first hour, in Chromium against the production build (issue 31): connect a feed
// app from what /settings shows alone; be told what to set for a LAN feed; add a feed typed
// without a scheme; read a source page on a phone with nothing sticking out; see the reader's
// heading whole; see the storage figures on /health. Screenshots land in test-results/screenshots.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { auditPage } from "@/tests/helpers/page-audit";
import {
  basicAuth,
  feed,
  rssFeed,
  sequence,
  status,
  type RssItem,
  startPublisher,
  type Publisher,
} from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { readerId } from "@/tests/helpers/reader-user";

const API_PASSWORD = "a long random api password for the phone";
const FEED_USER = "member";
const FEED_PASSWORD = "feed-login-secret-7Qz";
const DAY = 24 * 60 * 60 * 1000;
const LONG_PATH = "/category/a-very-long-section-name/another-subsection/feeds/flaky-feed-with-a-long-name.xml";

// Old posts (the newest 11 months old), so that the first fetch schedules a long wait to explain.
const OLD_ITEMS: RssItem[] = Array.from({ length: 6 }, (_, n) => ({
  guid: `urn:old:${n}`,
  title: `An old post number ${n} with a title long enough to wrap on a phone screen`,
  link: `https://publisher.example/old/${n}`,
  pubDate: new Date(Date.now() - (334 + 30 * n) * DAY).toUTCString(),
  description: `<p>Post ${n}.</p>`,
}));

let database: FreshDatabase;
let lan: Publisher;
let elsewhere: Publisher;
let browser: Browser;

beforeAll(async () => {
  database = await createFreshDatabase();
  lan = await startPublisher(
    {
      "/feed.xml": feed({ body: rssFeed({ title: "A LAN bridge", items: OLD_ITEMS }), etag: '"lan"' }),
      "/members.xml": basicAuth(
        FEED_USER,
        FEED_PASSWORD,
        feed({ body: rssFeed({ title: "Members", items: OLD_ITEMS }) }),
      ),
      // A page whose two feed links have no title: each is offered once.
      "/untitled/": feed({
        body: `<!doctype html><html><head><link rel="alternate" type="application/rss+xml" href="/untitled/a.xml"><link rel="alternate" type="application/atom+xml" href="/untitled/b.xml"></head></html>`,
        contentType: "text/html",
      }),
      // A long address, as real feeds have them: it must wrap, not push the page sideways.
      [LONG_PATH]: sequence(
        feed({ body: rssFeed({ title: "Flaky", items: OLD_ITEMS }), etag: '"f"' }),
        status(500),
        status(503),
        feed({ body: rssFeed({ title: "Flaky", items: OLD_ITEMS }), etag: '"f"' }),
      ),
    },
    { host: "127.10.31.2" },
  );
  // Another origin, as a browser-based feed app would be served from.
  elsewhere = await startPublisher(
    { "/app.html": feed({ body: "<!doctype html><title>web app</title>", contentType: "text/html" }) },
    { host: "127.10.31.3" },
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await elsewhere?.close();
  await lan?.close();
  await database?.dispose();
});

async function openPage(width: number, height = 900): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height });
  return page;
}

describe("with the default settings (no private networks)", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer({ DATABASE_URL: database.url });
  });
  afterAll(async () => server?.stop());

  it("connects a Google Reader and a Fever app from what /settings shows alone", async () => {
    const page = await openPage(1366);
    await page.goto(`${server.url}/settings`);
    expect(await page.locator("main").textContent()).toMatch(/No API password is set yet/);
    await page.getByLabel("New API password").fill(API_PASSWORD);
    await page.getByRole("button", { name: "Save API password" }).click();
    await page.getByText("Saved.").waitFor({ timeout: 10_000 });
    await page.reload();

    const greaderAddress = (await page.locator("#greader-address").textContent())!;
    const feverAddress = (await page.locator("#fever-address").textContent())!;
    const user = (await page.locator("#greader-user").textContent())!;
    expect(greaderAddress).toBe(`${server.url}/api/greader`);
    expect(feverAddress).toBe(`${server.url}/api/fever.php`);
    expect(user).toBe("tidings");
    expect(await page.locator("main").textContent()).not.toMatch(/THIS-HOST/);
    await showTop(page);
    await page.screenshot({ path: screenshotPath("newcomer-settings-1366"), fullPage: true });

    // The copy button copies (127.0.0.1 is a secure context) or, failing that, selects the text.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.getByRole("button", { name: "Copy the Google Reader API address" }).click();
    await page
      .getByText(/^(Copied\.|Selected: press Ctrl\+C)/)
      .first()
      .waitFor({ timeout: 5_000 });

    // As an app: ClientLogin at the address shown, then a call with the Auth token.
    const login = await fetch(`${greaderAddress}/accounts/ClientLogin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ Email: user, Passwd: API_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const auth = /^Auth=(.+)$/m.exec(await login.text())![1]!;
    const info = await fetch(`${greaderAddress}/reader/api/0/user-info`, {
      headers: { authorization: `GoogleLogin auth=${auth}` },
    });
    expect(await info.json()).toMatchObject({ userName: "tidings" });
    // Reeder's T=x on a write.
    const edit = await fetch(`${greaderAddress}/reader/api/0/mark-all-as-read`, {
      method: "POST",
      headers: { authorization: `GoogleLogin auth=${auth}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ s: "user/-/state/com.google/reading-list", T: "x" }),
    });
    expect([edit.status, await edit.text()]).toEqual([200, "OK"]);
    // A Fever app: api_key = md5("user:password"), posted to the address shown.
    const apiKey = createHash("md5").update(`${user}:${API_PASSWORD}`).digest("hex");
    const fever = await fetch(`${feverAddress}?api`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ api_key: apiKey }),
    });
    expect(await fever.json()).toMatchObject({ api_version: 3, auth: 1 });

    // A browser-based app on another origin: the preflight and the call go through Chromium's CORS.
    const app = await openPage(800);
    await app.goto(elsewhere.url("/app.html"));
    const answer = await app.evaluate(
      async ({ address, token }) => {
        const response = await fetch(`${address}/reader/api/0/user-info`, {
          headers: { Authorization: `GoogleLogin auth=${token}` },
        });
        return { status: response.status, body: await response.json() };
      },
      { address: greaderAddress, token: auth },
    );
    expect(answer).toMatchObject({ status: 200, body: { userName: "tidings" } });
    // The Fever API answers no CORS (README, "Browsers and CORS"): the same page cannot read it,
    // even with the key, and a preflight gets no Access-Control header.
    const feverFromPage = await app.evaluate(
      async ({ address, key }) =>
        fetch(`${address}?api`, { method: "POST", body: new URLSearchParams({ api_key: key }) }).then(
          () => "read",
          (error: Error) => error.name,
        ),
      { address: feverAddress, key: apiKey },
    );
    expect(feverFromPage).toBe("TypeError");
    const preflight = await fetch(feverAddress, {
      method: "OPTIONS",
      headers: { origin: elsewhere.origin, "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(await page.locator("#fever-title + dl + ol").textContent()).toMatch(/answers no CORS/);
    await app.close();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    expect((await auditPage(page)).overflow).toEqual([]);
    await showTop(page);
    await page.screenshot({ path: screenshotPath("newcomer-settings-375"), fullPage: true });
    await page.close();
  });

  it("refuses a LAN feed naming TIDINGS_ALLOW_PRIVATE_NETWORKS and what it allows", async () => {
    const page = await openPage(1366);
    await page.goto(`${server.url}/sources/new`);
    await page.getByLabel("Feed or site address").fill(lan.url("/feed.xml"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    const error = page.locator("#url-error");
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toMatch(
      /127\.10\.31\.2 is not a public address \(loopback\)\. To follow feeds on your own network .* set TIDINGS_ALLOW_PRIVATE_NETWORKS=true/,
    );
    expect(lan.requests).toHaveLength(0);
    await page.screenshot({ path: screenshotPath("newcomer-lan-refused"), fullPage: true });
    await page.close();
  });
});

describe("with TIDINGS_ALLOW_PRIVATE_NETWORKS=true", () => {
  let server: AppServer;
  let sourceId = 0;
  beforeAll(async () => {
    server = await startAppServer({ DATABASE_URL: database.url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true" });
  });
  afterAll(async () => server?.stop());

  it("adds a feed typed without a scheme, and explains its schedule right after", async () => {
    const page = await openPage(1366);
    await page.goto(`${server.url}/sources/new`);
    await page.getByLabel("Feed or site address").fill(`127.10.31.2:${lan.port}/feed.xml`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/sources\/\d+\?added=1$/, { timeout: 30_000 });
    sourceId = Number(/\/sources\/(\d+)/.exec(page.url())![1]);
    // The page streams in after its loading state: read it once its schedule is there.
    const words = (await page.locator("[data-schedule-words]").textContent())!;
    // https was tried first and found no https server; plain http then answered.
    expect(await page.locator("main").textContent()).toContain(`http://127.10.31.2:${lan.port}/feed.xml`);
    expect(words).toMatch(
      /^Checked again in .* because its newest post is 11 months old; it will be checked more often when it publishes\.$/,
    );
    await page.screenshot({ path: screenshotPath("newcomer-added-schemeless"), fullPage: true });
    await page.close();
  });

  it("adds a feed behind a login, whose password then shows in no page, export or API answer", async () => {
    const page = await openPage(1366);
    await page.goto(`${server.url}/sources/new`);
    await page.getByLabel("Feed or site address").fill(lan.url("/members.xml"));
    await page.getByText("This feed needs a login (HTTP Basic)").click();
    await page.getByLabel("User name").fill(FEED_USER);
    await page.getByLabel("Password").fill(FEED_PASSWORD);
    await page.screenshot({ path: screenshotPath("newcomer-add-with-login") });
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/sources\/\d+\?added=1$/, { timeout: 30_000 });
    const id = Number(/\/sources\/(\d+)/.exec(page.url())![1]);
    expect(await page.locator("[data-first-fetch]").getAttribute("data-first-fetch")).toBe("ok");
    await page.goto(`${server.url}/sources/${id}/edit`);
    expect(await page.locator("[data-login-state]").getAttribute("data-login-state")).toBe("set");
    // Its "check at least every", saved from the same page: the login is kept (empty fields).
    await page.getByLabel("Check at least every (minutes)").fill("120");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved.").waitFor({ timeout: 10_000 });
    expect(await database.db.source.findUniqueOrThrow({ where: { id } })).toMatchObject({ maxIntervalSeconds: 7200 });
    expect(await database.db.sourceLogin.count({ where: { sourceId: id } })).toBe(1);
    await page.screenshot({ path: screenshotPath("newcomer-edit-source"), fullPage: true });
    const token = Buffer.from(`${FEED_USER}:${FEED_PASSWORD}`).toString("base64");
    for (const path of [
      `/sources/${id}`,
      `/sources/${id}/edit`,
      "/sources",
      "/sources/export",
      "/api/sidebar",
      "/health",
    ]) {
      const body = await (await fetch(`${server.url}${path}`)).text();
      expect(body, path).not.toContain(FEED_PASSWORD);
      expect(body, path).not.toContain(token);
    }
    expect(server.output()).not.toContain(FEED_PASSWORD);
    await page.close();
  });

  it("lists each feed of a page once when its links have no title", async () => {
    const page = await openPage(1366);
    await page.goto(`${server.url}/sources/new`);
    await page.getByLabel("Feed or site address").fill(lan.url("/untitled/"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    const choices = page.locator("fieldset label");
    await choices.first().waitFor({ timeout: 15_000 });
    const texts = await choices.allTextContents();
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text.match(/http:\/\/127\.10\.31\.2:\d+\/untitled\/[ab]\.xml/g)).toHaveLength(1);
    await page.close();
  });

  it("shows a source page on a phone with nothing sticking out, its fetch log whole", async () => {
    const flaky = await runRoundsOn(`${LONG_PATH}?format=rss2&include=everything-and-more`);
    for (const [id, name] of [
      [sourceId, "newcomer-source-375"],
      [flaky, "newcomer-source-flaky-375"],
    ] as const) {
      const page = await openPage(375, 812);
      await page.goto(`${server.url}/sources/${id}`);
      const audit = await auditPage(page);
      expect(audit.overflow, name).toEqual([]);
      // The fetch log scrolls sideways inside its own box; every row is there.
      const rows = await page.locator("#log tbody tr").count();
      expect(rows).toBe(await database.db.fetch.count({ where: { sourceId: id } }));
      await page.screenshot({ path: screenshotPath(name), fullPage: true });
      await page.locator("#log").screenshot({ path: screenshotPath(`${name}-log`) });
      await page.close();
    }
  });

  it("shows the reader's heading whole, at 1366 and 375 px", async () => {
    for (const width of [1366, 375]) {
      const page = await openPage(width, 800);
      await page.goto(`${server.url}/?view=all`);
      const heading = page.locator("h2").filter({ hasText: /^All articles$/ });
      await heading.waitFor({ timeout: 15_000 });
      const fits = await heading.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits, `${width} px`).toBe(true);
      expect((await auditPage(page)).overflow, `${width} px`).toEqual([]);
      await page.screenshot({ path: screenshotPath(`newcomer-reader-${width}`) });
      await page.close();
    }
  });

  it("shows the database's size and the retention rule on /health", async () => {
    const page = await openPage(1366);
    await page.goto(`${server.url}/health#storage`);
    expect(await page.locator("[data-storage-size]").textContent()).toMatch(
      /^Database: [\d.]+ (KiB|MiB), the SQLite file|^Database: [\d.]+ (KiB|MiB), this installation's PostgreSQL/,
    );
    expect(await page.locator("[data-retention-rule]").textContent()).toMatch(
      /removed 60 days after they were fetched/,
    );
    expect(await page.locator("[data-retention-last]").textContent()).toMatch(
      /has not run yet \(it runs with the scheduler, which is off here: TIDINGS_SCHEDULER=false\)/,
    );
    await page.locator("#storage").screenshot({ path: screenshotPath("newcomer-health-storage") });
    await page.close();
  });
});

/** Scrolled to the top with nothing focused, so that a full-page screenshot shows the page as it opens. */
async function showTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
}

/** A source with a few fetches of mixed outcomes (ok, 500, 503, ok), fetched by real rounds. */
async function runRoundsOn(path: string): Promise<number> {
  const id = await createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: lan.url(path),
    title: "Flaky",
    customTitle: null,
    folderName: null,
  });
  for (let round = 0; round < 4; round++) {
    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings(), { trigger: "cli" });
  }
  return id;
}
