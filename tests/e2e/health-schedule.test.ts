// The fleet page's schedule section in Chromium (issue 20, item 2): the backlog sentence and the
// drift chart, median and p95 per day, server-rendered SVG. The fetch log and its drift roll-up
// behind it are written through the database as rounds would have left them over the last days
// (tests/helpers/scheduled-fetches.ts); a screenshot of the
// section is kept for a person to look at (test-results/screenshots/health-schedule.png).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { addLoggedFetches } from "@/tests/helpers/scheduled-fetches";
import { readerId } from "@/tests/helpers/reader-user";

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

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("the fleet page's schedule section", () => {
  it("says what is overdue and why, and draws each day's median and p95 drift", async () => {
    const db = database.db;
    const now = Date.now();
    const ids: number[] = [];
    for (let index = 0; index < 4; index += 1)
      ids.push(
        await createSource(db, {
          userId: await readerId(db),
          feedUrl: `https://feed-${index}.example/rss`,
          title: `Feed ${index}`,
          customTitle: null,
          folderName: null,
        }),
      );
    // Three sources overdue (the oldest by 25 min), one due in an hour; the last round ran out of budget with 3 left.
    for (const [index, id] of ids.entries())
      await db.source.update({
        where: { id },
        data: { nextDueAt: new Date(index === 3 ? now + 60 * MINUTE : now - (25 - 5 * index) * MINUTE) },
      });
    await db.round.create({
      data: {
        startedAt: new Date(now - 30 * MINUTE),
        finishedAt: new Date(now - 20 * MINUTE),
        trigger: "cron",
        instanceId: "e2e",
        sourcesDue: 10,
        sourcesAttempted: 7,
        budgetExhausted: true,
        leftForBudget: 3,
      },
    });
    // Ten days of scheduled fetches: drift growing day by day (day d: 10 fetches, d..10d minutes late), two quiet days.
    const rows = [];
    for (let daysAgo = 11; daysAgo >= 0; daysAgo -= 1) {
      if (daysAgo === 6 || daysAgo === 7) continue;
      const day = new Date(new Date(now - daysAgo * DAY).toISOString().slice(0, 10) + "T00:30:00.000Z").getTime();
      for (let index = 1; index <= 10; index += 1) {
        rows.push({
          sourceId: ids[0]!,
          startedAt: new Date(Math.min(now - MINUTE, day + index * MINUTE)),
          durationMs: 40,
          outcome: "not_modified",
          httpStatus: 304,
          driftMs: index * (12 - daysAgo) * 30_000,
        });
      }
    }
    await addLoggedFetches(db, rows);

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/health`);
    expect(await page.locator("[data-backlog]").textContent()).toBe(
      "3 sources overdue, oldest by 25 min, because the last round's time budget ran out with 3 sources left for later.",
    );
    const chart = page.locator("#schedule svg");
    expect(await chart.locator("g[data-day]").count()).toBe(30);
    // Today (12 - 0 = 12 half-minutes per rank): nearest-rank median is rank 5 → 30 min, p95 rank 10 → 60 min.
    const today = new Date(now).toISOString().slice(0, 10);
    const todayColumn = chart.locator(`g[data-day="${today}"]`);
    expect(await todayColumn.getAttribute("data-median-ms")).toBe(String(5 * 12 * 30_000));
    expect(await todayColumn.getAttribute("data-p95-ms")).toBe(String(10 * 12 * 30_000));
    expect(await todayColumn.locator("rect").count()).toBe(3);
    const quiet = chart.locator(`g[data-day="${new Date(now - 6 * DAY).toISOString().slice(0, 10)}"]`);
    expect(await quiet.getAttribute("data-median-ms")).toBeNull();
    expect(await quiet.locator("title").textContent()).toMatch(/no scheduled fetches/);
    // Bars scale to the window's highest p95 (60 min): today's p95 column reaches the top.
    const p95Height = Number(await todayColumn.locator("rect").nth(1).getAttribute("height"));
    expect(p95Height).toBe(120);
    expect(await page.locator("[data-drift-24h]").textContent()).toMatch(
      /^Last 24 h: median \d+ min, p95 (\d+ min|1 h) late over \d+ scheduled fetches\.$/,
    );
    await page.locator("#schedule").screenshot({ path: screenshotPath("health-schedule") });
    await page.close();
  });
});
