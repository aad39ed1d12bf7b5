// The second round of attacks, against the production build on a real port: a guesser on one
// loopback address forging X-Forwarded-For while the owner logs in from another, a session cookie
// copied and reused after logout, a cross-site server action, and Prometheus scraping /metrics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, fetch as undiciFetch, FormData } from "undici";
import type { Browser } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { screenshotPath } from "@/tests/helpers/screenshots";

const PASSWORD = "the owner's long password";
const METRICS_TOKEN = "prometheus-scrape-token-5e1f";

let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
/** One agent per loopback source address: 127.10.0.1 and 127.10.0.2 are two different hosts. */
const agents = new Map<string, Agent>();

beforeAll(async () => {
  database = await createFreshDatabase();
  server = await startAppServer({
    DATABASE_URL: database.url,
    TIDINGS_PASSWORD: PASSWORD,
    TIDINGS_METRICS_TOKEN: METRICS_TOKEN,
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([...agents.values()].map((agent) => agent.close()));
  await database?.dispose();
});

function from(address: string): Agent {
  if (!agents.has(address)) agents.set(address, new Agent({ localAddress: address }));
  return agents.get(address)!;
}

const decode = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/**
 * The login form as a browser without JavaScript submits it (Next's progressive enhancement: the
 * page's hidden action fields and the password, multipart), from a chosen source address.
 */
async function submitLogin(
  password: string,
  options: { address: string; headers?: Record<string, string> },
): Promise<{ status: number; cookie: string | null; message: string | null }> {
  const dispatcher = from(options.address);
  const page = await (await undiciFetch(`${server.url}/login`, { dispatcher })).text();
  const form = new FormData();
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
    form.append(decode(match[1]!), decode(match[2] ?? ""));
  form.append("name", "tidings");
  form.append("password", password);
  const answer = await undiciFetch(`${server.url}/login`, {
    method: "POST",
    body: form,
    headers: options.headers,
    redirect: "manual",
    dispatcher,
  });
  const html = await answer.text();
  const cookie = answer.headers.get("set-cookie")?.match(/tidings_session=([^;]+)/)?.[1] ?? null;
  const message = /id="password-error"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
  return { status: answer.status, cookie, message };
}

describe("login throttling with a forged X-Forwarded-For", () => {
  it("60 guesses from one address never lock out the owner at another", async () => {
    const messages: (string | null)[] = [];
    for (let guess = 0; guess < 60; guess++) {
      const answer = await submitLogin(`guess ${guess}`, {
        address: "127.10.0.1",
        headers: { "X-Forwarded-For": `198.51.100.${guess}, 203.0.113.${guess}` },
      });
      expect(answer.cookie).toBeNull();
      messages.push(answer.message);
    }
    expect(messages.filter((message) => message === "Wrong user name or password.")).toHaveLength(5);
    expect(messages.slice(5).every((message) => /^Too many wrong passwords/.test(message ?? ""))).toBe(true);
    const owner = await submitLogin(PASSWORD, { address: "127.10.0.2" });
    expect([owner.status, owner.cookie]).toEqual([303, expect.any(String)]);
    // The guesser stays throttled even with the right password.
    expect((await submitLogin(PASSWORD, { address: "127.10.0.1" })).cookie).toBeNull();
  });
});

describe("sessions", () => {
  it("a cookie copied before logout opens nothing after it; /settings lists the sessions", async () => {
    const elsewhere = await submitLogin(PASSWORD, {
      address: "127.10.0.3",
      headers: { "User-Agent": "Phone app 1.0" },
    });
    expect(elsewhere.cookie).not.toBeNull();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login?next=%2Fsettings`);
    await page.getByLabel("User name").fill("tidings");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/settings`);
    const sessions = page.getByRole("list", { name: "Sessions" });
    await expect.poll(() => sessions.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => sessions.innerText()).toMatch(/\(this browser\)/);
    await expect.poll(() => sessions.innerText()).toMatch(/Phone app 1\.0\s+from 127\.10\.0\.3/);
    await page.locator("#sessions").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("settings-sessions"), fullPage: true });
    const copied = (await context.cookies()).find((cookie) => cookie.name === "tidings_session")!.value;
    const withCopied = () =>
      fetch(`${server.url}/api/sidebar`, { headers: { Cookie: `tidings_session=${copied}` } }).then((r) => r.status);
    expect(await withCopied()).toBe(200);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login$/);
    expect(await withCopied()).toBe(401);
    // The other device's session is untouched by this logout, and ends with "sign out everywhere".
    const phone = () =>
      fetch(`${server.url}/api/sidebar`, { headers: { Cookie: `tidings_session=${elsewhere.cookie}` } }).then(
        (r) => r.status,
      );
    expect(await phone()).toBe(200);
    await page.goto(`${server.url}/login?next=%2Fsettings`);
    await page.getByLabel("User name").fill("tidings");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/settings`);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL(/\/login$/);
    expect(await phone()).toBe(401);
    await context.close();
  });
});

describe("a cross-site server action", () => {
  it.each([
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site and no Origin", { "Sec-Fetch-Site": "cross-site" }],
  ])("with %s gets 403 cross_site, not a 500 or a run action", async (_, headers) => {
    const answer = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Next-Action": "0".repeat(42), "Content-Type": "text/plain;charset=UTF-8", ...headers },
      body: "[]",
      redirect: "manual",
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      error: { code: "cross_site", message: "Cross-site requests may not change anything here." },
    });
  });
});

describe("Prometheus", () => {
  it("scrapes /metrics with the bearer token; without it gets 401, not the login page", async () => {
    const scrape = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}`, Accept: "text/plain;version=0.0.4" },
      redirect: "manual",
    });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toMatch(/^# TYPE tidings_fetches_total counter$/m);
    const anonymous = await fetch(`${server.url}/metrics`, { redirect: "manual" });
    expect([anonymous.status, anonymous.headers.get("www-authenticate")]).toEqual([
      401,
      'Bearer realm="tidings metrics"',
    ]);
  });
});
