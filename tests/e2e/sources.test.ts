import path from "node:path";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { startPublisher, feed, rssFeed, sequence, status, type Publisher } from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { parseOpml } from "@/lib/pipeline/parse/opml/parse-opml";
import { readerId } from "@/tests/helpers/reader-user";
import { subscriptionOf } from "@/tests/helpers/reader-user";

const FIXTURE = path.resolve(__dirname, "../fixtures/opml/fifty-feeds.opml");

let database: FreshDatabase;
let publisher: Publisher;
let server: AppServer;
let browser: Browser;

const ITEMS = [
  { guid: "urn:e2e:2", title: "Second", link: "https://publisher.example/2", pubDate: "Tue, 02 Jan 2024 10:00:00 GMT" },
  { guid: "urn:e2e:1", title: "First", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
];
const SITE = (feedPath: string) =>
  `<!doctype html><html><head><title>A site</title><link rel="alternate" type="application/rss+xml" title="The site's feed" href="${feedPath}"></head><body>Hello</body></html>`;
const SEQ_BODY = rssFeed({ title: "Three outcomes", items: ITEMS });

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({
    "/site/": feed({ body: SITE("/site/feed.xml"), contentType: "text/html; charset=utf-8" }),
    "/site/feed.xml": feed({
      body: rssFeed({ title: "Site feed", items: ITEMS }),
      etag: '"site-v1"',
      encoding: "gzip",
    }),
    "/seq.xml": sequence(feed({ body: SEQ_BODY, etag: '"seq"' }), feed({ body: SEQ_BODY, etag: '"seq"' }), status(500)),
    "/remove.xml": feed({ body: rssFeed({ title: "To remove", items: ITEMS }) }),
    "/multi/": feed({
      body: `<!doctype html><html><head><link rel="alternate" type="application/rss+xml" title="Posts" href="/multi/posts.xml"><link rel="alternate" type="application/atom+xml" title="Comments" href="/multi/comments.xml"></head></html>`,
      contentType: "text/html",
    }),
    "/multi/posts.xml": feed({ body: rssFeed({ title: "Multi posts", items: ITEMS }) }),
    // Announces 20 MiB (never sent: refused from its Content-Length) and honours its ETag.
    "/huge.xml": (request, response) => {
      if (request.headers["if-none-match"] === '"huge"') return void response.writeHead(304, { ETag: '"huge"' }).end();
      response.writeHead(200, {
        "Content-Type": "application/rss+xml",
        "Content-Length": String(20 * 1024 * 1024),
        ETag: '"huge"',
      });
      response.write("<rss");
    },
    "/multi/comments.xml": feed({ body: rssFeed({ title: "Multi comments", items: ITEMS }) }),
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

async function subscribeThroughForm(page: Page, url: string, folder = ""): Promise<number> {
  await page.goto(`${server.url}/sources/new`);
  await page.getByLabel("Feed or site address").fill(url);
  if (folder) await page.getByLabel(/^Folder/).fill(folder);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL(/\/sources\/\d+\?added=1$/, { timeout: 30_000 });
  return Number(/\/sources\/(\d+)/.exec(page.url())![1]);
}

const stripOutcomes = (page: Page) =>
  page
    .locator("#timeline li[data-outcome]")
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-outcome")));

describe("adding a feed through the form", () => {
  it("finds the feed from a site URL, runs the first fetch at once and lands on the new source with its outcome", async () => {
    const page = await browser.newPage();
    const id = await subscribeThroughForm(page, publisher.url("/site/"), "E2E");
    expect(await page.locator("[data-first-fetch]").textContent()).toMatch(
      /Subscribed\. First fetch: ✓ ok \(HTTP 200\), 2 articles stored\./,
    );
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Site feed");
    expect(await stripOutcomes(page)).toEqual(["ok"]);
    const source = await database.db.source.findUniqueOrThrow({ where: { id } });
    expect([source.feedUrl, (await subscriptionOf(database.db, id)).folderName]).toEqual([
      publisher.url("/site/feed.xml"),
      "E2E",
    ]);
    expect(await database.db.article.count({ where: { sourceId: id } })).toBe(2);
    await page.close();
  });

  it("offers a choice when the page lists several feeds, keeping the title typed", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/sources/new`);
    await page.getByLabel("Feed or site address").fill(publisher.url("/multi/"));
    await page.getByLabel(/^Title/).fill("My comments");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("group", { name: "This page lists 2 feeds: choose one" }).waitFor();
    expect(await page.getByLabel(/^Title/).inputValue()).toBe("My comments");
    await page.getByRole("radio", { name: /Comments/ }).check();
    await page.getByRole("button", { name: "Subscribe to this feed" }).click();
    await page.waitForURL(/\/sources\/\d+\?added=1$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My comments");
    const id = Number(/\/sources\/(\d+)/.exec(page.url())![1]);
    expect((await database.db.source.findUniqueOrThrow({ where: { id } })).feedUrl).toBe(
      publisher.url("/multi/comments.xml"),
    );
    await database.db.source.delete({ where: { id } });
    await page.close();
  });

  it("gives bad input a clear field error and changes nothing", async () => {
    const page = await browser.newPage();
    const before = await database.db.source.count();
    const cases: Array<[string, RegExp]> = [
      ["", /Enter the address of a feed or of a site/],
      ["javascript:alert(1)", /Only http:\/\/ and https:\/\/ addresses can be followed/],
      ["file:///etc/passwd", /Only http:\/\/ and https:\/\/ addresses can be followed/],
      [`https://example.com/${"a".repeat(5000 - 20)}`, /An address is at most 2,048 characters/],
      ["not a url at all", /This is not a web address/],
      [publisher.url("/site/feed.xml"), /Already subscribed: Site feed \(source #\d+\)/],
      [publisher.url("/nothing-here.xml"), /Unreachable: HTTP 404/],
    ];
    for (const [value, message] of cases) {
      await page.goto(`${server.url}/sources/new`);
      await page.getByLabel("Feed or site address").fill(value);
      await page.getByRole("button", { name: "Subscribe" }).click();
      await page.locator("#url-error").waitFor();
      expect(await page.locator("#url-error").textContent(), `for ${value.slice(0, 40)}`).toMatch(message);
      expect(await page.getByLabel("Feed or site address").getAttribute("aria-invalid")).toBe("true");
      expect(page.url()).toBe(`${server.url}/sources/new`);
      if (message.source.startsWith("Already")) {
        // The duplicate links to the source already followed.
        expect(await page.getByRole("link", { name: "Open the existing source →" }).getAttribute("href")).toMatch(
          /^\/sources\/\d+$/,
        );
        await page.screenshot({ path: screenshotPath("sources-add-duplicate"), fullPage: true });
      }
    }
    expect(await database.db.source.count()).toBe(before);
    await page.close();
  });
});

describe("disabling and re-enabling", () => {
  it("a disabled source is skipped by the next round; re-enabled, the next round fetches it", async () => {
    const page = await browser.newPage();
    const source = await database.db.source.findUniqueOrThrow({ where: { feedUrl: publisher.url("/site/feed.xml") } });
    await page.goto(`${server.url}/sources/${source.id}`);
    await page.getByRole("button", { name: "Disable" }).click();
    await page.getByText("Disabled: rounds skip it until you enable it again.").waitFor();
    expect(await database.db.source.findUniqueOrThrow({ where: { id: source.id } })).toMatchObject({
      enabled: false,
      disabledReason: "user",
    });

    const requestsBefore = publisher.requestsTo("/site/feed.xml").length;
    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    expect(publisher.requestsTo("/site/feed.xml")).toHaveLength(requestsBefore);

    await page.reload();
    expect(await page.locator("[data-enabled]").textContent()).toBe("disabled by you");
    expect(await page.locator("#history li[data-kind]").first().getAttribute("data-kind")).toBe("disabled");
    expect(await page.getByRole("button", { name: "Fetch now" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Enable" }).click();
    await page.getByText("Enabled: it is fetched in the next round.").waitFor();
    await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    expect(publisher.requestsTo("/site/feed.xml")).toHaveLength(requestsBefore + 1);
    expect(publisher.requestsTo("/site/feed.xml").at(-1)!.headers["if-none-match"]).toBe('"site-v1"');
    await page.reload();
    expect(
      await page
        .locator("#history li[data-kind]")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-kind"))),
    ).toEqual(["enabled", "disabled", "added"]);
    await page.close();
  });
});

describe("a source's health page", () => {
  it("shows 200, then 304, then 500 in order with the right figures", async () => {
    const page = await browser.newPage();
    const id = await subscribeThroughForm(page, publisher.url("/seq.xml"));
    // "Fetch now" asks a publisher at most once in 5 minutes: a click right after the subscription's
    // own fetch sends nothing and says why. Each later click here is made to look 10 minutes later.
    const requestsAfterSubscribing = publisher.requestsTo("/seq.xml").length;
    await page.getByRole("button", { name: "Fetch now" }).click();
    await expect
      .poll(() => page.locator("[data-fetch-result]").textContent(), { timeout: 20_000 })
      .toMatch(/less than 5 minutes ago/);
    expect(publisher.requestsTo("/seq.xml")).toHaveLength(requestsAfterSubscribing);
    expect(await page.locator("[data-fetch-now-rule]").textContent()).toMatch(/At most once every 5 minutes/);
    for (const expected of [/Fetched: not modified \(304\)/, /Fetched: error \(http_5xx/]) {
      await database.db.source.update({ where: { id }, data: { lastFetchedAt: new Date(Date.now() - 10 * 60_000) } });
      await page.getByRole("button", { name: "Fetch now" }).click();
      await expect.poll(() => page.locator("[data-fetch-result]").textContent(), { timeout: 20_000 }).toMatch(expected);
    }
    await page.goto(`${server.url}/sources/${id}`);
    expect(await stripOutcomes(page)).toEqual(["ok", "not_modified", "error"]);
    const titles = await page
      .locator("#timeline li[data-outcome]")
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("title")));
    expect(titles[0]).toMatch(/: ok, HTTP 200, \d+ ms$/);
    expect(titles[1]).toMatch(/: not modified, HTTP 304, \d+ ms$/);
    expect(titles[2]).toMatch(/: error \(http_5xx\), HTTP 500, \d+ ms$/);

    const day = await page.locator('tr[data-window="h24"] td').allTextContents();
    expect(day).toEqual(["33%", "33%", "33%", "3"]);
    const log = await page
      .locator("#log tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? "")),
      );
    // Columns: time, outcome, error kind, HTTP, duration, parse, lane wait, late, bytes, new, validators sent.
    expect(log.map((cells) => [cells[1]!.replace(/manual$/, "").trim(), cells[2], cells[3], cells[10]])).toEqual([
      ["✕ error", "http_5xx", "500", "yes"],
      ["= not modified", "", "304", "yes"],
      ["✓ ok", "", "200", "no"],
    ]);
    // Only the 200's body was parsed; every row has a lane wait in ms.
    expect(log.map((cells) => /^\d+ ms$/.test(cells[5]!))).toEqual([false, false, true]);
    expect(log.map((cells) => cells[5] === "–")).toEqual([true, true, false]);
    for (const cells of log) expect(cells[6]).toMatch(/^\d+(\.\d)? (ms|s)$/);
    const bodyBytes = Buffer.byteLength(SEQ_BODY);
    expect(await page.locator('[data-figure="saved"] dd').textContent()).toMatch(
      bodyBytes >= 1024 ? /KiB/ : new RegExp(`^${bodyBytes} bytes`),
    );
    expect(await page.locator('[data-figure="breaker"] dd').textContent()).toMatch(
      /closed \(normal\).*1 consecutive error$/,
    );
    expect(await page.locator('[data-figure="next"] dd').textContent()).toMatch(/backoff|error|retry/i);
    // One 304 is not yet a verdict (lib/reads/health/rules/caching-badge-rules.ts: three unchanged checks).
    expect(await page.locator('[data-badge="honours"]').getAttribute("data-verdict")).toBe("unknown");
    expect(await page.locator('[data-badge="honours"]').textContent()).toMatch(/1 of 3 checks needed/);
    expect(await page.locator('[data-badge="validators"]').textContent()).toMatch(/Sends ETag/);
    await page.screenshot({ path: screenshotPath("source-health"), fullPage: true });
    await page.close();
  });

  it("says on the source page why its body was refused and what to do, and that the next check was a 304", async () => {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: publisher.url("/huge.xml"),
      title: "Huge",
      customTitle: null,
      folderName: null,
    });
    for (let round = 0; round < 2; round++) {
      await makeAllDue(database.db);
      await runRound(database.db, testRoundSettings({ budgetMs: 20_000 }), { trigger: "cli", sourceId: id });
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}/sources/${id}`);
    expect(await page.getByTestId("refusal").textContent()).toMatch(
      /^Last body refused \(too large\): 20 MiB \(Content-Length\), over the 10 MiB limit: raise TIDINGS_MAX_BODY_BYTES to read it\. Until then/,
    );
    expect(await page.locator("#log tbody tr").first().textContent()).toMatch(
      /still too large, unchanged \(HTTP 304\)/,
    );
    await page.close();
  });

  it("answers an unknown source with the 404 page", async () => {
    const page = await browser.newPage();
    for (const bad of ["999999", "abc", "0"]) {
      const response = await page.goto(`${server.url}/sources/${bad}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole("heading", { name: "No such source" }).isVisible()).toBe(true);
    }
    await page.close();
  });

  it("edits the feed address, title and folder, then removes the source after a confirmation that says its articles go with it", async () => {
    const page = await browser.newPage();
    const id = await subscribeThroughForm(page, publisher.url("/remove.xml"));
    await page.getByRole("link", { name: "Edit or remove" }).click();
    await page.waitForURL(`${server.url}/sources/${id}/edit`);
    expect(await page.getByLabel("Feed address").inputValue()).toBe(publisher.url("/remove.xml"));
    await page.getByLabel("Feed address").fill("ftp://nowhere.example/feed");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Only http:// and https:// addresses can be followed").waitFor();
    await page.getByLabel("Feed address").fill(publisher.url("/moved.xml"));
    await page.getByLabel("Title").fill("Renamed by me");
    await page.getByLabel("Folder").fill("Elsewhere");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    expect({
      ...(await database.db.source.findUniqueOrThrow({ where: { id } })),
      ...(await subscriptionOf(database.db, id)),
    }).toMatchObject({
      feedUrl: publisher.url("/moved.xml"),
      customTitle: "Renamed by me",
      folderName: "Elsewhere",
    });

    await page.getByRole("button", { name: "Remove this source…" }).click();
    expect(await page.getByRole("alertdialog").textContent()).toMatch(
      /Its 2 articles are deleted with it.*This cannot be undone/,
    );
    await page.screenshot({ path: screenshotPath("source-edit-remove"), fullPage: true });
    await page.getByRole("button", { name: "Remove it and delete its 2 articles" }).click();
    await page.waitForURL(/\/sources\?removed=/);
    await page.getByText("Removed “Renamed by me” and its 2 articles.").waitFor();
    expect(await database.db.source.count({ where: { id } })).toBe(0);
    expect(await database.db.article.count({ where: { sourceId: id } })).toBe(0);
    await page.close();
  });
});

describe("OPML", () => {
  it("imports 50 feeds with progress, skips duplicates and a malformed entry with reasons, fetches none, and exports them back", async () => {
    const existing = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://feed-12.example/atom.xml",
      title: "Already here",
      customTitle: null,
      folderName: null,
    });
    const sourcesBefore = await database.db.source.count();
    const fetchesBefore = await database.db.fetch.count();
    const page = await browser.newPage();
    await page.goto(`${server.url}/sources/import`);
    await page.locator("#file").setInputFiles(FIXTURE);
    await page.getByRole("button", { name: "Import" }).click();
    await page.locator("[data-import-report]").waitFor({ timeout: 60_000 });
    expect(await page.locator("#import-report-title").textContent()).toBe("Imported 49 feeds, skipped 5");
    const reasons = await page
      .locator("[data-import-report] tbody tr")
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[1]?.textContent ?? ""));
    expect(reasons).toEqual([
      "listed twice in this file",
      "no xmlUrl: neither a feed nor a folder",
      "listed twice in this file",
      "xmlUrl uses javascript: (only http and https feeds can be followed)",
      `already subscribed as “Already here” (source #${existing})`,
    ]);
    expect(await database.db.source.count()).toBe(sourcesBefore + 49);
    expect(await database.db.fetch.count()).toBe(fetchesBefore);
    await page.screenshot({ path: screenshotPath("sources-import"), fullPage: true });

    const response = await fetch(`${server.url}/sources/export`);
    expect(response.headers.get("content-type")).toBe("text/x-opml; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="tidings-\d{4}-\d{2}-\d{2}\.opml"$/,
    );
    const exported = parseOpml(await response.text());
    const original = parseOpml(readFileSync(FIXTURE, "utf8"));
    if (!exported.ok || !original.ok) throw new Error("unparseable OPML");
    const byUrl = new Map(exported.entries.map((entry) => [entry.url, entry]));
    for (const entry of original.entries) {
      if (entry.url === "https://feed-12.example/atom.xml")
        expect(byUrl.get(entry.url)).toMatchObject({ title: "Already here", folder: null });
      else expect(byUrl.get(entry.url)).toEqual(entry);
    }
    expect(byUrl.get(publisher.url("/site/feed.xml"))).toMatchObject({ title: "Site feed", folder: "E2E" });
    expect(exported.entries).toHaveLength(await database.db.source.count());
    await page.close();
  });
});

describe("the sources and fleet pages", () => {
  it("lists every source with its state and strip, sorts problems first, and shows the fleet", async () => {
    // A round over the imported feeds: their hosts do not resolve here, so it looks offline.
    await runRound(database.db, testRoundSettings({ fetch: { timeoutMs: 1500 } }), { trigger: "cli" });
    const broken = await database.db.source.findUniqueOrThrow({ where: { feedUrl: "https://feed-01.example/rss" } });
    await database.db.source.update({ where: { id: broken.id }, data: { breakerState: "open", consecutiveErrors: 5 } });

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/sources?sort=problems`);
    const rows = page.locator("tbody tr[data-source-id]");
    expect(await rows.count()).toBe(await database.db.source.count());
    expect(await rows.first().getAttribute("data-health")).toBe("breaker_open");
    const seq = page.locator("tbody tr", { hasText: "Three outcomes" });
    expect(await seq.locator('[role="img"]').getAttribute("aria-label")).toBe(
      "Last 3 fetches: 1 ok, 1 not modified, 1 errors; latest error",
    );
    expect(
      await seq.locator("i[data-o]").evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-o"))),
    ).toEqual(["o", "n", "e"]);
    await page.screenshot({ path: screenshotPath("sources"), fullPage: false });

    await page.goto(`${server.url}/health`);
    expect(await page.locator('[data-state="breaker_open"]').textContent()).toMatch(/Breaker open1/);
    expect(await page.locator("#attention li").first().textContent()).toMatch(/Breaker open.*Feed 01/);
    expect(await page.locator("#rounds tbody tr").count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: screenshotPath("health"), fullPage: true });
    await page.close();
  });

  it("renders and hydrates every page without a console error", async () => {
    const sourceId = (await database.db.source.findFirstOrThrow({ orderBy: { id: "asc" } })).id;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of [
      "/?view=all",
      "/sources",
      "/sources?sort=problems",
      `/sources/${sourceId}`,
      `/sources/${sourceId}/edit`,
      "/sources/new",
      "/sources/import",
      "/health",
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState("networkidle");
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
