import path from "node:path";
import { spawn } from "node:child_process";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { freePort, startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";

let database: FreshDatabase;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  database = await createFreshDatabase();
  server = await startAppServer({ DATABASE_URL: database.url });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.dispose();
});

describe("the first screen", () => {
  it("shows the app shell and an empty state that leads to the form to add a feed", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await expect.poll(() => page.title()).toBe("Tidings");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Articles",
      "Sources",
      "Health",
      "Users",
      "Settings",
    ]);
    expect(await page.getByRole("heading", { name: "No feeds yet" }).isVisible()).toBe(true);
    expect(await page.locator(".empty-state").getByRole("link", { name: "+ Add a feed" }).getAttribute("href")).toBe(
      "/sources/new",
    );
    await page.screenshot({ path: screenshotPath("home-empty"), fullPage: true });

    await nav.getByRole("link", { name: "Health" }).click();
    await page.waitForURL(`${server.url}/health`);
    // The segment's loading state shows first; the heading arrives with the streamed page.
    await page.getByRole("heading", { name: "Health", level: 1 }).waitFor();
    await page.close();
  });

  it("names an icon that exists, so the browser does not fall back to a missing /favicon.ico", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    const href = await page.locator('head link[rel="icon"]').getAttribute("href");
    const icon = await fetch(new URL(href!, server.url));
    expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    await page.close();
  });

  it("answers /api/health with the database reachable", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok", provider: database.target.provider });
  });
});

describe("compression", () => {
  /** The Content-Encoding of the home page for a client that accepts gzip (node:http does not decode). */
  const encodingOf = (url: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        response.resume();
        resolve(response.headers["content-encoding"]);
      }).on("error", reject);
    });

  it("is left to the reverse proxy by default, and done by Tidings with TIDINGS_COMPRESS=true", async () => {
    expect(await encodingOf(server.url)).toBeUndefined();
    const compressing = await startAppServer({ DATABASE_URL: database.url, TIDINGS_COMPRESS: "true" });
    try {
      expect(await encodingOf(compressing.url)).toBe("gzip");
    } finally {
      await compressing.stop();
    }
  });
});

describe("a server that cannot start", () => {
  it.each([
    [
      "an unknown DATABASE_URL scheme",
      "mysql://root@127.0.0.1/tidings",
      /tidings: cannot start: DATABASE_URL: unsupported scheme/,
    ],
    [
      "an unreachable PostgreSQL",
      "postgresql://postgres@127.0.0.1:1/test",
      /tidings: cannot start: cannot open the postgresql database/,
    ],
  ])("exits non-zero with one clear line for %s", async (_label, url, message) => {
    const result = await startExpectingFailure({ DATABASE_URL: url });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(message);
  });
});

describe("a database with a failed migration", () => {
  it("keeps the server from starting, with the way out in one line, and its data untouched", async () => {
    await database.db.setting.create({ data: { key: "precious", value: "kept" } });
    await database.db.$executeRawUnsafe(
      `INSERT INTO "_tidings_migrations" ("name","checksum","status","finishedAt","error") VALUES ('0002_half_done','x','failed','2026-11-30T00:00:00Z','disk full')`,
    );
    const result = await startExpectingFailure({ DATABASE_URL: database.url });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(
      /tidings: cannot start: migration 0002_half_done failed at .*disk full.*npx --no-install tidings migrate --retry/,
    );
    expect(await database.db.setting.findUnique({ where: { key: "precious" } })).toMatchObject({ value: "kept" });
  });
});

async function startExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const next = path.resolve(__dirname, "../../node_modules/next/dist/bin/next");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [next, "start", "--hostname", "127.0.0.1", "--port", String(port)], {
      env: { ...process.env, TIDINGS_SCHEDULER: "false", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      process.kill(-child.pid!, "SIGKILL");
      reject(new Error(`server kept running with a bad configuration:\n${output}`));
    }, 30_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
