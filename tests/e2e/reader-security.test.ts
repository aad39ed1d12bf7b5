// What the reader shows of hostile feeds: the sanitized HTML runs nothing, and the page's
// Content-Security-Policy stops an inline script even if one ever reached Article.content.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startAppServer, type AppServer } from "@/tests/helpers/app-server";
import { launchChromium } from "@/tests/helpers/chromium";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { sanitizeContent } from "@/lib/pipeline/parse/sanitize/sanitize-content";
import { watchPage, type PageWatch } from "@/tests/helpers/page-watch";
import { HOSTILE_ARTICLE as HOSTILE } from "@/tests/fixtures/hostile-html";

let database: FreshDatabase;
let server: AppServer;
let browser: Browser;
const ids = { sanitized: 0, raw: 0 };

beforeAll(async () => {
  database = await createFreshDatabase();
  const sourceId = await seedSource(database.db, { title: "Hostile Feed" });
  // What the parse step stores for this HTML, and (to prove the page adds no second chance)
  // the raw HTML as if the sanitizer had been bypassed.
  [ids.sanitized, ids.raw] = (await seedArticles(database.db, sourceId, [
    { title: "Sanitized hostile article", content: sanitizeContent(HOSTILE, "https://hostile.invalid/post") },
    { title: "Raw hostile article", content: HOSTILE },
  ])) as [number, number];
  server = await startAppServer({ DATABASE_URL: database.url });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.dispose();
});

const blocked = async (watch: PageWatch) =>
  (await watch.report(0)).violations.map((violation) => `${violation.directive} ${violation.blocked}`);

describe("hostile article content", () => {
  it("stored as the sanitizer leaves it: no script, no handler, no javascript: link reaches the page", async () => {
    const watch = await watchPage(browser, server.url);
    const { page } = watch;
    await watch.goto("/?view=all");
    expect(await blocked(watch)).toEqual([]); // Next's own scripts carry the nonce: hydration works under the CSP
    await page.getByRole("link", { name: /Sanitized hostile article/ }).click();
    const body = page.locator("article").getByText("After the attack.");
    await body.waitFor();
    const content = page.locator("article");
    expect(await content.locator("script, svg, form, iframe").count()).toBe(0);
    expect(await content.locator("[onerror], [onload], [formaction]").count()).toBe(0);
    expect(await content.locator('a[href^="javascript:"]').count()).toBe(0);
    // Two images: the article's and the removed iframe's fallback, shown as an image, not as tag text.
    expect(
      await content.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("referrerpolicy"))),
    ).toEqual(["no-referrer", "no-referrer"]);
    // Kept styles are the plain declarations only; nothing is positioned out of the article.
    const styled = await content.locator("[data-article-content] *").evaluateAll((elements) =>
      elements.flatMap((element) => {
        const position = getComputedStyle(element).position;
        const style = element.getAttribute("style");
        return style === null && position === "static" ? [] : [`${element.localName} ${style ?? ""} ${position}`];
      }),
    );
    expect(styled).toEqual(["p color: #036; static", "p color: red; static"]);
    const report = await watch.report(500);
    expect(report.pwned).toBeUndefined();
    expect(report.violations).toEqual([]);
    expect(watch.dialogs).toEqual([]);
    await watch.close();
  });

  it("stored raw (sanitizer bypassed) and server-rendered: the CSP blocks the script, the handler and the javascript: link", async () => {
    const watch = await watchPage(browser, server.url);
    const { page } = watch;
    await watch.goto(`/?view=all&article=${ids.raw}`);
    await page.locator("article").getByText("After the attack.").waitFor();
    // The script element is really there, in the server-rendered HTML: only the CSP stops it.
    expect(await page.locator("article script").count()).toBe(1);
    await page.locator("#js-link").click();
    await page.locator("#js-form").click();
    const report = await watch.report(500);
    expect(report.pwned).toBeUndefined();
    expect(watch.dialogs).toEqual([]);
    expect(await blocked(watch)).toEqual(expect.arrayContaining(["script-src-elem inline", "script-src-attr inline"]));
    await watch.close();
  });
});

describe("security headers", () => {
  it("gives every page a fresh nonce that Next puts on its own scripts, and strict headers", async () => {
    const [first, second] = await Promise.all([fetch(`${server.url}/`), fetch(`${server.url}/?view=all`)]);
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(policy).toContain("script-src 'nonce-");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("img-src * data: blob:");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
  });

  it("sends nosniff, no-referrer and a deny-all policy with the JSON API", async () => {
    const response = await fetch(`${server.url}/api/articles`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a cross-site PATCH over HTTP with 403", async () => {
    const response = await fetch(`${server.url}/api/articles/${ids.sanitized}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Origin: "https://evil.invalid" },
      body: JSON.stringify({ read: true }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "cross_site", message: expect.any(String) } });
  });
});
