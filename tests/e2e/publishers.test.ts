// The publisher view in Chromium: the /health table and a publisher's page, with the figures of
// four local publishers whose behaviour is known (each on its own loopback address, its own
// politeness key), and "failing since" on a source page and in "Needs attention".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { feed, rateLimited, rssFeed, startPublisher, status, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";

const ROUNDS = 4;
const BODY = rssFeed({
  items: [
    { guid: "urn:pub:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});

let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
const publishers: Publisher[] = [];
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createFreshDatabase();
  const setUp: Array<[string, string, Parameters<typeof startPublisher>[0]]> = [
    ["Honours", "127.0.0.1", { "/feed.xml": feed({ body: BODY, etag: '"v1"' }) }],
    ["Ignores", "127.0.0.2", { "/feed.xml": feed({ body: BODY, etag: '"v1"', honourValidators: false }) }],
    ["Limits", "127.0.0.3", { "/feed.xml": rateLimited(3600) }],
    ["Fails", "127.0.0.4", { "/feed.xml": status(500) }],
  ];
  for (const [title, host, routes] of setUp) {
    const publisher = await startPublisher(routes, { host });
    publishers.push(publisher);
    ids[title] = await addDueSource(database.db, publisher.url("/feed.xml"), title);
  }
  for (let round = 0; round < ROUNDS; round++) {
    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings({ budgetMs: 20_000 }), { trigger: "cli" });
  }
  server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    TIDINGS_SCHEDULER: "false",
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const publisher of publishers) await publisher.close();
  await database?.dispose();
});

describe("the publisher view", () => {
  it("shows every publisher's figures in the /health table", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.url}/health`);
    const cells = async (key: string) =>
      page
        .locator(`#publishers tr[data-publisher="${key}"] td`)
        .evaluateAll((tds) =>
          Object.fromEntries(tds.map((td) => [td.getAttribute("data-column"), td.textContent?.trim() ?? ""])),
        );
    expect(await cells("127.0.0.1")).toMatchObject({
      sources: "1",
      requests: "4",
      share: "75%",
      honours: "✓ Honours validators (304 to 3 of 3)",
      holds: "none",
      errors: "0",
      failing: "not failing",
    });
    expect(await cells("127.0.0.2")).toMatchObject({
      requests: "4",
      share: "0%",
      honours: "✕ Ignores validators (3 of 3 resent)",
      errors: "0",
    });
    const limits = await cells("127.0.0.3");
    expect(limits).toMatchObject({ requests: "1", errors: "1", failing: "not failing" });
    expect(limits.holds).toMatch(/^127\.0\.0\.3: ends in (59 min|1 h)$/);
    expect(
      await page
        .locator('#publishers tr[data-publisher="127.0.0.3"] td[data-column="holds"] span')
        .getAttribute("title"),
    ).toMatch(/^until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const fails = await cells("127.0.0.4");
    expect(fails).toMatchObject({ requests: "4", errors: "4", robots: "not read yet" });
    expect(fails.failing).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC \((just now|\d+ s ago)\)$/);
    // Costliest first: the three publishers asked four times before the one asked once, more bytes first.
    expect(
      await page
        .locator("#publishers tbody tr")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-publisher"))),
    ).toEqual(["127.0.0.2", "127.0.0.1", "127.0.0.4", "127.0.0.3"]);
    // Needs attention says since when the failing source fails.
    expect(await page.locator(`#attention li[data-source-id="${ids.Fails}"]`).textContent()).toMatch(
      /Failing since \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    await page.locator("#publishers").screenshot({ path: screenshotPath("health-publishers") });
    await page.close();
  });

  it("opens a publisher's page from the table, with its figures and sources", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.url}/health`);
    await page.locator('#publishers tr[data-publisher="127.0.0.1"] th a').click();
    await page.waitForURL(/\/publishers\/127\.0\.0\.1$/);
    expect(await page.locator("h1").textContent()).toBe("Publisher 127.0.0.1");
    expect(await page.locator('[data-figure="requests"] dd').textContent()).toMatch(
      /^4.*1 ok, 3 not modified, 0 errors$/,
    );
    expect(await page.locator('[data-figure="share"] dd').textContent()).toMatch(/^75%/);
    expect(await page.locator('#validators [data-badge="honours"]').getAttribute("data-verdict")).toBe("good");
    expect(
      await page
        .locator("[data-publisher-sources] li")
        .evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-source-id")))),
    ).toEqual([ids.Honours]);
    await page.screenshot({ path: screenshotPath("publisher-page"), fullPage: true });
    await page.close();
  });

  it("says on a failing source's page since when it fails, and links its publisher", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.url}/sources/${ids.Fails}`);
    const first = await database.db.fetch.findFirstOrThrow({ where: { sourceId: ids.Fails }, orderBy: { id: "asc" } });
    expect(await page.locator("[data-failing-since] time").getAttribute("datetime")).toBe(
      first.startedAt.toISOString(),
    );
    await page.locator("[data-publisher-link]").click();
    await page.waitForURL(/\/publishers\/127\.0\.0\.4$/);
    expect(await page.locator("[data-publisher-sources] li").textContent()).toMatch(/Fails · failing since/);
    // A healthy source's page has no "failing since".
    await page.goto(`${server.url}/sources/${ids.Honours}`);
    expect(await page.locator("[data-failing-since]").count()).toBe(0);
    await page.close();
  });

  it("answers 404 for an address that is no publisher's, and for a key no source has", async () => {
    const page = await browser.newPage();
    for (const segment of ["%3Cscript%3E", "..%2F..%2Fetc", "nobody.example"]) {
      const response = await page.goto(`${server.url}/publishers/${segment}`);
      expect([segment, response?.status()]).toEqual([segment, 404]);
    }
    await page.close();
  });
});
