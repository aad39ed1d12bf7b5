// Who gets in: with a password, every page, API route and server action needs a session; the
// login form (user name and password) sets an HttpOnly SameSite=Lax cookie, throttles guessing and
// logs out. Without a password, Tidings answers only to loopback names and refuses to listen on the
// network. A fresh installation asks for its admin at /setup; the admin adds members on
// /admin/users, who never reach an admin page.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { runCli } from "@/tests/helpers/run-cli";
import { screenshotPath } from "@/tests/helpers/screenshots";

const PASSWORD = "a long enough secret";

let browser: Browser;
let database: FreshDatabase;

beforeAll(async () => {
  database = await createFreshDatabase();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await database?.dispose();
});

/** A GET with a Host header of our choosing (fetch() does not let a caller set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { host } }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function logInThroughForm(
  context: BrowserContext,
  url: string,
  password: string,
  name = "tidings",
): Promise<string> {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel("User name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  const answer = await Promise.race([
    page.waitForURL((current) => !current.pathname.startsWith("/login"), { timeout: 20_000 }).then(() => "in"),
    page
      .locator("#password-error")
      .waitFor({ timeout: 20_000 })
      .then(() => page.locator("#password-error").innerText()),
  ]);
  await page.close();
  return answer;
}

describe("with TIDINGS_PASSWORD", () => {
  let server: AppServer;

  beforeAll(async () => {
    // The tests' browser stands in for a reverse proxy that names its clients in X-Forwarded-For
    // (each context its own), so this one machine can be several clients.
    server = await startAppServer({
      DATABASE_URL: database.url,
      TIDINGS_PASSWORD: PASSWORD,
      TIDINGS_TRUSTED_PROXIES: "127.0.0.1",
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("refuses every page, API route and action without a session, and keeps liveness open", async () => {
    const page = await fetch(`${server.url}/sources?folder=x`, { redirect: "manual" });
    expect(page.status).toBe(303);
    expect(new URL(page.headers.get("location")!, server.url).href).toBe(
      `${server.url}/login?next=%2Fsources%3Ffolder%3Dx`,
    );
    for (const path of ["/api/articles", "/api/sidebar", "/metrics"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect([path, response.status]).toEqual([path, path === "/metrics" ? 303 : 401]);
    }
    const api = await fetch(`${server.url}/api/articles`);
    expect(await api.json()).toEqual({ error: { code: "unauthenticated", message: "Log in to Tidings first." } });
    const round = await fetch(`${server.url}/api/rounds`, { method: "POST" });
    expect(round.status).toBe(401);
    // A server action is a POST to a page: refused before it reaches the action.
    const action = await fetch(`${server.url}/sources/new`, {
      method: "POST",
      headers: { "Next-Action": "0".repeat(42) },
      body: "x",
    });
    expect(action.status).toBe(401);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/icon.svg`)).status).toBe(200);
    expect(
      (await fetch(`${server.url}/api/articles`, { headers: { Cookie: "tidings_session=v1.9999999999.abc.forged" } }))
        .status,
    ).toBe(401);
  });

  it("logs in through the form, sets a safe cookie, goes where the reader was going, and logs out", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/sources`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByLabel("User name").getAttribute("autocomplete")).toBe("username");
    await page.getByLabel("User name").fill("tidings");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.locator("#password-error").innerText()).toBe("Wrong user name or password.");
    await page.screenshot({ path: screenshotPath("login-wrong-password") });
    await page.getByLabel("User name").fill("tidings");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/sources`);
    await page.getByRole("heading", { name: "Sources" }).waitFor();
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: "tidings_session",
      httpOnly: true,
      sameSite: "Lax",
      secure: false,
      path: "/",
    });
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    expect(await page.evaluate(() => document.cookie)).toBe(""); // HttpOnly: scripts cannot read it
    const api = await page.evaluate(async () => (await fetch("/api/articles")).status);
    expect(api).toBe(200);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login$/);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(async () => (await fetch("/api/articles")).status)).toBe(401);
    await context.close();
  });

  it("after logging in, stays on this site whatever `next` says (open redirect, header injection)", async () => {
    const context = await browser.newContext();
    // Where an open redirect would land: answered here, so that the test sees it rather than a DNS error.
    // Matched by host name: the login URL itself carries "evil.test" in its query string.
    await context.route(
      (url) => url.hostname === "evil.test",
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>phished</h1>" }),
    );
    const serverErrors: string[] = [];
    context.on("response", (response) => {
      if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`);
    });
    const origin = new URL(server.url).origin;
    for (const [next, landing] of [
      ["%2F%09%2Fevil.test%2Fphish", "/"], // browsers drop the tab: "//evil.test/phish"
      ["/%0D/x", "/"], // "\r" in a Location header was a 500 after the cookie was set
      ["/%0B/x", "/%0B/x"], // kept, percent-encoded
    ] as const) {
      const page = await context.newPage();
      await page.goto(`${server.url}/login?next=${next}`);
      await page.getByLabel("User name").fill("tidings");
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });
      expect([next, new URL(page.url()).origin, new URL(page.url()).pathname]).toEqual([next, origin, landing]);
      await page.close();
      await context.clearCookies();
    }
    expect(serverErrors).toEqual([]);
    await context.close();
  });

  it("throttles a client after five wrong passwords, with a clear message, even for the right one", async () => {
    // Its own client key, so that this lockout does not affect the other tests.
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.7" } });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await logInThroughForm(context, `${server.url}/login`, `wrong ${attempt}`)).toBe(
        "Wrong user name or password.",
      );
    }
    expect(await logInThroughForm(context, `${server.url}/login`, PASSWORD)).toMatch(
      /^Too many wrong passwords\. Try again in 15 min\.$/,
    );
    await context.close();
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.8" } });
    expect(await logInThroughForm(other, `${server.url}/login`, PASSWORD)).toBe("in");
    await other.close();
  });

  it("refuses a server action replayed from another site (Origin check), so no session is handed out", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const submitted = new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve) =>
      page.on("request", (request) => {
        if (request.method() === "POST" && request.headers()["next-action"])
          resolve({ headers: request.headers(), body: request.postDataBuffer()! });
      }),
    );
    await page.goto(`${server.url}/login`);
    await page.getByLabel("User name").fill("tidings");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    const action = await submitted;
    await context.close();
    const replay = (origin: string) =>
      fetch(`${server.url}/login`, {
        method: "POST",
        headers: { ...action.headers, origin },
        body: new Uint8Array(action.body),
        redirect: "manual",
      });
    const sameSite = await replay(server.url);
    expect(sameSite.headers.get("set-cookie")).toContain("tidings_session="); // the replay itself is valid
    const crossSite = await replay("https://evil.example");
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
  });

  it("with a password, answers to any Host name (a rebound page has no session)", async () => {
    const response = await getWithHost(`${server.url}/api/articles`, "evil.example");
    expect(response.status).toBe(401);
  });
});

describe("without a password", () => {
  it("answers only to loopback Host names (DNS rebinding) and the configured ones", async () => {
    const server = await startAppServer({
      DATABASE_URL: database.url,
      TIDINGS_ALLOWED_HOSTS: "reader.example",
      TIDINGS_LOG_LEVEL: "info",
    });
    try {
      const port = new URL(server.url).port;
      expect((await getWithHost(`${server.url}/api/articles`, `localhost:${port}`)).status).toBe(200);
      expect((await getWithHost(`${server.url}/api/articles`, `reader.example:${port}`)).status).toBe(200);
      const rebound = await getWithHost(`${server.url}/`, `evil.example:${port}`);
      expect(rebound.status).toBe(421);
      expect(rebound.body).toContain('does not answer to the host "evil.example');
      expect((await getWithHost(`${server.url}/api/articles`, `evil.example:${port}`)).status).toBe(421);
      expect(server.output()).toContain("no password set: listening on 127.0.0.1 only");
    } finally {
      await server.stop();
    }
  });

  it("refuses to listen on every interface, and says why", async () => {
    await expect(startAppServer({ DATABASE_URL: database.url, TIDINGS_HOST: "0.0.0.0" })).rejects.toThrow(
      /TIDINGS_HOST=0\.0\.0\.0 would let anyone on the network use Tidings without a password/,
    );
  });
});

describe("with a password set by `tidings password`", () => {
  it("stores only a hash, requires it to log in, and `--clear` removes it", async () => {
    const set = await runCli(["password"], { DATABASE_URL: database.url }, { stdin: `${PASSWORD} (stored)\n` });
    expect(set).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('password of the first admin "tidings" set'),
    });
    const stored = await database.db.user.findUniqueOrThrow({ where: { name: "tidings" } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain("secret");
    expect((await runCli(["password"], { DATABASE_URL: database.url }, { stdin: "short\n" })).code).toBe(2);

    const server = await startAppServer({
      DATABASE_URL: database.url,
      TIDINGS_HOST: "0.0.0.0",
      TIDINGS_LOG_LEVEL: "info",
    });
    try {
      expect(server.output()).toContain("login required (user name and password)");
      const context = await browser.newContext();
      expect(await logInThroughForm(context, `${server.url}/login`, PASSWORD)).toBe("Wrong user name or password.");
      expect(await logInThroughForm(context, `${server.url}/login?next=/health`, `${PASSWORD} (stored)`)).toBe("in");
      await context.close();
    } finally {
      await server.stop();
    }
    expect((await runCli(["password", "--clear"], { DATABASE_URL: database.url })).code).toBe(0);
    expect((await database.db.user.findUniqueOrThrow({ where: { name: "tidings" } })).passwordHash).toBeNull();
  });
});

describe("users", () => {
  const ADMIN_PASSWORD = "the admin's own password";
  const MEMBER_PASSWORD = "the member's password";
  let fresh: FreshDatabase;
  let server: AppServer;

  beforeAll(async () => {
    fresh = await createFreshDatabase();
    server = await startAppServer({ DATABASE_URL: fresh.url, TIDINGS_LOG_LEVEL: "info" }, undefined, {
      freshInstall: true,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await fresh?.dispose();
  });

  it("a fresh install asks for its admin at /setup; the admin adds a member, who never reaches an admin page", async () => {
    expect(server.output()).toContain("no user yet: open /setup in a browser on this machine");
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await page.goto(`${server.url}/sources`);
    expect(new URL(page.url()).pathname).toBe("/setup");
    await page.getByLabel("User name").fill("ada");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create the admin and start reading" }).click();
    await page.getByText("Use at least 8 characters").waitFor();
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.screenshot({ path: screenshotPath("users-setup") });
    await page.getByRole("button", { name: "Create the admin and start reading" }).click();
    await page.waitForURL(`${server.url}/`);
    // Set up once: /setup is gone, and nobody else can make themselves an admin there.
    expect((await fetch(`${server.url}/setup`, { redirect: "manual" })).status).toBe(303);

    await page.goto(`${server.url}/admin/users`);
    await page.getByLabel("User name").fill("max");
    await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByRole("status").filter({ hasText: "Added member “max”." }).waitFor();
    const rows = page.getByRole("table", { name: "Users" }).getByRole("row");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).innerText()).toMatch(/^ada \(you\)\s+admin\s+active/);
    expect(await rows.nth(2).innerText()).toMatch(/^max\s+member\s+active\s+0\s+0\s+never/);
    await page.screenshot({ path: screenshotPath("users-admin-page"), fullPage: true });
    expect(await page.getByRole("navigation", { name: "Main" }).innerText()).toContain("Users");

    const member = await browser.newContext();
    expect(await logInThroughForm(member, `${server.url}/login`, MEMBER_PASSWORD, "max")).toBe("in");
    const memberPage = await member.newPage();
    await memberPage.goto(`${server.url}/`);
    const nav = await memberPage.getByRole("navigation", { name: "Main" }).innerText();
    expect(nav).not.toContain("Users");
    expect(nav).not.toContain("Health");
    for (const path of ["/admin/users", "/health", "/publishers/example.com", "/metrics"]) {
      const answer = await memberPage.goto(`${server.url}${path}`);
      const body = (await memberPage.locator("body").innerText()).trim();
      expect([path, answer?.status(), body]).toEqual([path, 404, "Not found"]);
    }
    await memberPage.screenshot({ path: screenshotPath("users-member-404") });
    await memberPage.goto(`${server.url}/settings`);
    await memberPage.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    expect(await memberPage.locator("main").innerText()).not.toContain("Notifications");
    await memberPage.screenshot({ path: screenshotPath("users-member-settings"), fullPage: true });

    // Disabled by the admin: the member's session ends at once.
    await page.getByRole("button", { name: "Disable max" }).click();
    await page.getByRole("button", { name: "Enable max" }).waitFor();
    await memberPage.goto(`${server.url}/`);
    expect(new URL(memberPage.url()).pathname).toBe("/login");
    await member.close();
    await admin.close();
  });
});
