// WebSub through the real app (issue 28): the production build with a password set and
// TIDINGS_PUBLIC_URL naming it, a local hub and a local publisher on loopback addresses of their
// own. The hub verifies and pushes through proxy.ts and the route, with no session; the source
// page, /health and the publisher page then show what WebSub did, in Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { freePort, startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { startHub, type Hub } from "@/tests/helpers/websub-hub";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";

const PASSWORD = "websub e2e password";
let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
let publisher: Publisher;
let hub: Hub;
let pushedId: number;
let missingId: number;

const item = (n: number) => ({
  guid: `urn:e2e:${n}`,
  title: `Entry ${n}`,
  link: `https://publisher.example/${n}`,
  pubDate: new Date(Date.now() - (10 - n) * 3_600_000).toUTCString(),
});
const topic = (name: string) => publisher.url(`/${name}.topic`);
const route = (name: string, items: number[]) =>
  publisher.setRoute(
    `/${name}.xml`,
    feed({
      body: rssFeed({ title: `${name} feed`, items: items.map(item) }),
      headers: { Link: `<${hub.url}>; rel="hub", <${topic(name)}>; rel="self"` },
    }),
  );
const round = () =>
  runRound(
    database.db,
    testRoundSettings({
      webSub: {
        publicUrl: server.url,
        leaseSeconds: 86_400,
        userAgent: "Tidings/e2e",
        timeoutMs: 5000,
        allowPrivateNetworks: true,
        allowPlainHttpHubs: true,
      },
    }),
    { trigger: "cli" },
  );

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({}, { host: "127.10.28.21" });
  hub = await startHub({ host: "127.10.28.22" });
  const port = await freePort();
  server = await startAppServer(
    {
      DATABASE_URL: database.url,
      TIDINGS_PASSWORD: PASSWORD,
      TIDINGS_PUBLIC_URL: `http://127.0.0.1:${port}/`,
      TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
      TIDINGS_SCHEDULER: "false",
    },
    port,
  );
  route("pushed", [1, 2]);
  route("missing", [1]);
  pushedId = await addDueSource(database.db, publisher.url("/pushed.xml"), "Pushed blog");
  missingId = await addDueSource(database.db, publisher.url("/missing.xml"), "Forgetful blog");
  await round();
  await hub.settle();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await hub?.close();
  await publisher?.close();
  await database?.dispose();
});

async function logIn(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/login`);
  await page.getByLabel("User name").fill("tidings");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });
  return page;
}

describe("WebSub through the app", () => {
  it("verifies both subscriptions at the app's callback, outside the login gate", async () => {
    expect(hub.verifications.map((v) => [v.mode, v.status])).toEqual([
      ["subscribe", 200],
      ["subscribe", 200],
    ]);
    expect(hub.requests.every((r) => r.callback!.startsWith(`${server.url}/api/websub/`))).toBe(true);
    expect(await database.db.webSubSubscription.count({ where: { state: "verified" } })).toBe(2);
  });

  it("stores a signed push, drops a forged one with a 2xx, and answers 404 to an unknown callback", async () => {
    expect(await hub.publish(topic("pushed"), rssFeed({ items: [3, 2, 1].map(item) }))).toEqual([{ status: 204 }]);
    expect(await hub.publish(topic("pushed"), rssFeed({ items: [9].map(item) }), { signature: "wrong" })).toEqual([
      { status: 202 },
    ]);
    expect((await database.db.article.findMany({ where: { sourceId: pushedId } })).map((a) => a.guid).sort()).toEqual([
      "urn:e2e:1",
      "urn:e2e:2",
      "urn:e2e:3",
    ]);
    const unknown = await fetch(`${server.url}/api/websub/${"B".repeat(43)}?hub.mode=subscribe&hub.challenge=x`);
    expect(unknown.status).toBe(404);
    // The rest of the app still needs a session.
    expect((await fetch(`${server.url}/api/articles`)).status).toBe(401);
  });

  it("shows the push on the source page, the missing hub on /health, and the pushed source on the publisher page", async () => {
    // The forgetful hub's feed gets an entry by poll only: a daily poll after verification, then the one that finds it.
    await makeAllDue(database.db);
    await round();
    route("missing", [1, 4]);
    await makeAllDue(database.db);
    await round();
    const page = await logIn();
    await page.goto(`${server.url}/sources/${pushedId}`);
    const section = page.locator("#websub");
    await expect.poll(() => section.locator("[data-websub-state]").getAttribute("data-websub-state")).toBe("verified");
    // The figure is the dd's first text; its note (the forged push, dropped) follows in a span.
    const pushes = section.locator('[data-websub-figure="pushes"] dd');
    expect(await pushes.evaluate((dd) => dd.firstChild?.textContent)).toBe("1");
    expect(await pushes.locator("span").innerText()).toBe("1 dropped (bad signature or unreadable)");
    expect(await page.locator('#log tr[data-outcome="push"]').count()).toBe(1);
    await section.screenshot({ path: screenshotPath("websub-source-section") });
    await page.locator("#timeline").screenshot({ path: screenshotPath("websub-source-timeline") });
    await page.goto(`${server.url}/health`);
    const notice = page.locator(`#websub li[data-source-id="${missingId}"]`);
    expect(await notice.getAttribute("data-websub-state")).toBe("missing");
    expect(await notice.innerText()).toMatch(/missing feed: 127\.10\.28\.22:\d+ is missing pushes/);
    await page.locator("#websub").screenshot({ path: screenshotPath("websub-health-notices") });
    await page.goto(`${server.url}/publishers/127.10.28.21`);
    expect(await page.locator('[data-figure="pushed"] dd').innerText()).toMatch(/^1 of 2/);
    await page.close();
  });
});
