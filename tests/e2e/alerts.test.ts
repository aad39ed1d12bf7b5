import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { startPublisher, feed, rssFeed, status, type Publisher } from "@/tests/helpers/publisher";
import { startReceiver, type Receiver } from "@/tests/helpers/notify-receiver";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { DEFAULT_POLICY_SETTINGS } from "@/lib/pipeline/policy";
import { drainOutbox } from "@/lib/features/notify/drain-outbox";
import { readNotifyTarget } from "@/lib/features/notify/notify-target";
import { readSetting, writeSetting } from "@/lib/settings/setting-store";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let publisher: Publisher;
let receiver: Receiver;
let server: AppServer;
let browser: Browser;
let sourceId: number;

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({ "/down.xml": feed({ body: rssFeed({ title: "Soon down", items: [] }) }) });
  receiver = await startReceiver();
  sourceId = await createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: publisher.url("/down.xml"),
    title: "Soon down",
    customTitle: null,
    folderName: null,
  });
  await writeSetting(database.db, "notifyUrl", receiver.url);
  const settings = testRoundSettings({ policy: { ...DEFAULT_POLICY_SETTINGS, breakerThreshold: 2 } });
  await runRound(database.db, settings, { trigger: "cli" });
  publisher.setRoute("/down.xml", status(503));
  for (let count = 0; count < 2; count += 1) {
    await makeAllDue(database.db);
    await runRound(database.db, settings, { trigger: "cli" });
  }
  receiver.answerNext(500);
  const target = await readNotifyTarget(database.db, {
    TIDINGS_NOTIFY_URL: undefined,
    TIDINGS_NOTIFY_FORMAT: undefined,
  });
  for (const laterMs of [0, 60_000]) {
    await drainOutbox(database.db, {
      holder: "e2e",
      target,
      timeoutMs: 2000,
      allowPrivateNetworks: false,
      userAgent: "t",
      now: () => new Date(Date.now() + laterMs),
    });
  }
  server = await startAppServer({ DATABASE_URL: database.url });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
  await publisher?.close();
  await database?.dispose();
});

describe("alerts on the pages", () => {
  it("shows the open alert first in Needs attention, on the source page, and the delivery attempts", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/health`);
    const alert = page.locator('#attention li[data-alert-kind="broken"]');
    expect(await alert.textContent()).toMatch(
      /Source broken\s*Soon down\s*Started just now \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\): the circuit breaker opened after 2 errors in a row \(last error: http_5xx\)/,
    );
    const attempts = page.locator("#notifications tbody tr");
    expect(await attempts.count()).toBe(2);
    expect(await attempts.nth(0).textContent()).toMatch(/alert\.started.*Source broken.*200.*delivered/);
    expect(await attempts.nth(1).textContent()).toMatch(/alert\.started.*500.*HTTP 500; delivered on a later attempt/);
    expect(await page.locator("#notifications").textContent()).toMatch(
      /Alerts are POSTed to http:\/\/127\.0\.0\.1:\d+\/hook \(tidings format, from the settings\)/,
    );
    await page.screenshot({ path: screenshotPath("health-alerts"), fullPage: true });

    await page.goto(`${server.url}/sources/${sourceId}`);
    expect(await page.locator('#alerts li[data-alert-kind="broken"]').textContent()).toMatch(
      /Source broken\s*Started just now.*circuit breaker opened after 2 errors in a row/,
    );
    await page.close();
  });

  it("the settings form refuses a URL that is not http(s), says why, and keeps the stored one", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/settings`);
    await page.getByLabel("Notify URL").fill("ftp://example.org/hook");
    await page.getByRole("button", { name: "Save notifications" }).click();
    await page.locator("#notify-url-error").waitFor();
    expect(await page.locator("#notify-url-error").textContent()).toMatch(/an http:\/\/ or https:\/\/ URL/);
    expect(await readSetting(database.db, "notifyUrl")).toBe(receiver.url);
    // What was typed stays in the field, to be corrected.
    expect(await page.getByLabel("Notify URL").inputValue()).toBe("ftp://example.org/hook");

    // The cloud's metadata address: refused on save with the delivery guard's reason, not saved silently.
    await page.getByLabel("Notify URL").fill("http://169.254.169.254/latest");
    await page.getByRole("button", { name: "Save notifications" }).click();
    await expect
      .poll(() => page.locator("#notify-url-error").textContent())
      .toMatch(/169\.254\.169\.254 is not a public address \(link-local \(cloud metadata\)\)/);
    expect(await readSetting(database.db, "notifyUrl")).toBe(receiver.url);
    await page.screenshot({ path: screenshotPath("settings-notify-metadata-refused"), fullPage: true });

    await page.getByLabel("Notify URL").fill("https://ntfy.example/tidings-alerts");
    await page.getByLabel("Format").selectOption("ntfy");
    await page.getByRole("button", { name: "Save notifications" }).click();
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect([await readSetting(database.db, "notifyUrl"), await readSetting(database.db, "notifyFormat")]).toEqual([
      "https://ntfy.example/tidings-alerts",
      "ntfy",
    ]);
    expect([await page.getByLabel("Notify URL").inputValue(), await page.getByLabel("Format").inputValue()]).toEqual([
      "https://ntfy.example/tidings-alerts",
      "ntfy",
    ]);
    await page.screenshot({ path: screenshotPath("settings-notifications"), fullPage: true });
    await page.close();
  });
});
