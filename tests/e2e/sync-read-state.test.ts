// Read state is one truth between the web reader and a Google Reader app, against the production
// build: an article read in Chromium is gone from the app's unread ids
// (stream/items/ids?s=…reading-list&xt=…read), and an article the app marks read with edit-tag
// shows read in the web reader after a refresh, its unread count lowered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { GREADER_PASSWORD, GREADER_USER, setGReaderPassword } from "@/tests/helpers/greader-client";
import { longItemId, READ, READING_LIST } from "@/tests/helpers/greader-ids";

const HOUR = 60 * 60 * 1000;
let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
let sourceId: number;
let articleIds: number[];
let auth: string;
let token: string;

beforeAll(async () => {
  database = await createFreshDatabase();
  sourceId = await seedSource(database.db, { title: "Synced Feed", folder: "Daily" });
  articleIds = await seedArticles(
    database.db,
    sourceId,
    Array.from({ length: 4 }, (_, n) => ({
      title: `Synced story ${n}`,
      publishedAt: new Date(Date.now() - (n + 1) * HOUR),
    })),
  );
  await setGReaderPassword(database.db);
  server = await startAppServer({ DATABASE_URL: database.url });
  browser = await launchChromium();
  // What an app does first: ClientLogin, then the action token.
  const login = await fetch(`${server.url}/api/greader/accounts/ClientLogin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ Email: GREADER_USER, Passwd: GREADER_PASSWORD }).toString(),
  });
  auth = /^Auth=(.+)$/m.exec(await login.text())![1]!;
  token = (await (await app("reader/api/0/token")).text()).trim();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.dispose();
});

function app(
  path: string,
  init: { query?: Record<string, string>; form?: Record<string, string | string[]> } = {},
): Promise<Response> {
  const query = new URLSearchParams(init.query).toString();
  const headers: Record<string, string> = { authorization: `GoogleLogin auth=${auth}` };
  let body: string | undefined;
  if (init.form) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...init.form, T: token }))
      for (const one of typeof value === "string" ? [value] : value) form.append(name, one);
    body = form.toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return fetch(`${server.url}/api/greader/${path}${query ? `?${query}` : ""}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body,
  });
}

async function appUnreadIds(): Promise<number[]> {
  const response = await app("reader/api/0/stream/items/ids", { query: { s: READING_LIST, xt: READ, n: "1000" } });
  expect(response.status).toBe(200);
  return ((await response.json()).itemRefs as { id: string }[]).map((ref) => Number(ref.id));
}

async function openReader(path = "/"): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
  await page.goto(`${server.url}${path}`);
  await page.locator("[data-ready]").waitFor();
  return page;
}

const row = (page: Page, id: number) => page.locator(`[data-article-id="${id}"]`);
const sourceBadge = async (page: Page) =>
  Number(
    /(\d+)$/.exec(
      (await page.locator(`nav[aria-label="Feeds"] a[data-source-id="${sourceId}"]`).textContent()) ?? "",
    )?.[1] ?? 0,
  );

describe("read state between the web reader and an app", () => {
  it("an article read in the web reader leaves the app's unread ids", async () => {
    // Seeded newest first: the ids ascend as the articles get older.
    expect(await appUnreadIds()).toEqual(articleIds);
    const page = await openReader();
    const newest = articleIds[0]!;
    await row(page, newest).getByRole("link").click();
    await page.waitForURL(`${server.url}/?article=${newest}`);
    await expect.poll(() => row(page, newest).getAttribute("data-read")).toBe("true");
    await expect.poll(appUnreadIds).toEqual(articleIds.slice(1));
    await page.close();
  });

  it("an article marked read with edit-tag shows read in the web reader after its refresh", async () => {
    // Every article, read or not (the default view lists unread ones only).
    const page = await openReader("/?view=all");
    const target = articleIds.at(-1)!;
    expect(await row(page, target).getAttribute("data-read")).toBe("false");
    const before = await sourceBadge(page);
    const answer = await app("reader/api/0/edit-tag", { form: { i: longItemId(target), a: READ } });
    expect(await answer.text()).toBe("OK");
    await page.reload();
    await page.locator("[data-ready]").waitFor();
    expect(await row(page, target).getAttribute("data-read")).toBe("true");
    expect(await sourceBadge(page)).toBe(before - 1);
    expect(await appUnreadIds()).not.toContain(target);
    // The unread view no longer lists it.
    await page.goto(server.url);
    await page.locator("[data-ready]").waitFor();
    await row(page, articleIds[1]!).waitFor();
    expect(await row(page, target).count()).toBe(0);
    await page.close();
  });
});
