// The Fever API through the real server: the API password set on the Settings page (server
// action, field errors), then a Fever app's calls with no session, marks seen by the web reader,
// and the API credential opening nothing else. With a web password, so the gate is on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { feverKeyOf } from "@/lib/features/auth/api-credentials";

const WEB_PASSWORD = "the web password";
const API_PASSWORD = "an api password for apps";
let browser: Browser;
let database: FreshDatabase;
let server: AppServer;
let articleIds: number[];

beforeAll(async () => {
  database = await createFreshDatabase();
  const sourceId = await seedSource(database.db, { title: "Feed", folder: "Folder" });
  articleIds = await seedArticles(
    database.db,
    sourceId,
    Array.from({ length: 3 }, (_, n) => ({ title: `Post ${n}` })),
  );
  server = await startAppServer({ DATABASE_URL: database.url, TIDINGS_PASSWORD: WEB_PASSWORD });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.dispose();
});

async function fever(
  query: string,
  body: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/fever.php?api${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });
  return { status: response.status, json: await response.json() };
}

describe("the Fever API behind the gate", () => {
  it("answers auth 0 without a session before an API password is set", async () => {
    const { status, json } = await fever("&items", { api_key: feverKeyOf("tidings", API_PASSWORD) });
    expect(status).toBe(200);
    expect(json).toEqual({ api_version: 3, auth: 0, last_refreshed_on_time: 0 });
  });

  it("sets the API password on the Settings page, with field errors, and a Fever app then reads and marks", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/settings`);
    await page.getByLabel("User name").fill("tidings");
    await page.getByLabel("Password").fill(WEB_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByLabel("New API password").fill("short");
    await page.getByRole("button", { name: "Save API password" }).click();
    await page.getByText("Use at least 8 characters").waitFor();
    await page.getByLabel("New API password").fill(API_PASSWORD);
    await page.getByRole("button", { name: "Save API password" }).click();
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();

    const key = feverKeyOf("tidings", API_PASSWORD);
    const items = await fever("&items&since_id=0", { api_key: key });
    expect(items.json).toMatchObject({ api_version: 3, auth: 1, total_items: 3 });
    expect((items.json.items as { id: number }[]).map((item) => item.id)).toEqual(articleIds);
    expect((await fever("", { api_key: key, mark: "item", as: "read", id: String(articleIds[0]) })).json.auth).toBe(1);

    const unread = await page.request.get(`${server.url}/api/articles?unread=true`);
    expect(((await unread.json()).items as { id: number }[]).map((item) => item.id).sort()).toEqual(
      articleIds.slice(1),
    );
    await context.close();
  });

  it("opens nothing else with the Fever key", async () => {
    const key = feverKeyOf("tidings", API_PASSWORD);
    for (const init of <{ url: string; headers: Record<string, string> }[]>[
      { url: `/api/articles?api_key=${key}`, headers: {} },
      { url: "/api/articles", headers: { cookie: `tidings_session=${key}`, authorization: `Bearer ${key}` } },
    ]) {
      const response = await fetch(`${server.url}${init.url}`, { headers: init.headers, redirect: "manual" });
      expect(response.status).toBe(401);
    }
    const post = await fetch(`${server.url}/api/articles/mark-read`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `api_key=${key}`,
      redirect: "manual",
    });
    expect(post.status).toBe(401);
  });
});
