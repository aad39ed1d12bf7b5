// Site icons (issue 27) against real local sites, each on its own loopback address (its own site):
// an icon reachable by each route (the feed's <icon>, <link rel="icon">, apple-touch-icon,
// /favicon.ico), requests through the lane with the domain's gap, images kept once per distinct
// bytes, refusals (not an image, too large) not asked again before the next month, a conditional
// monthly check, SVG sanitized, and the icon served from Tidings's origin and named by both APIs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { feed, hugeBody, startPublisher, type Handler, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { icoOf, solidPng } from "@/tests/helpers/images";
import { openGReaderSession, GREADER_PASSWORD, GREADER_USER } from "@/tests/helpers/greader-client";
import { feverKeyOf } from "@/lib/features/auth/api-credentials";
import { runRound } from "@/lib/pipeline/round/run-round";
import { refreshIconNow } from "@/lib/pipeline/round/refresh-due-icons";
import { listSourceIcons } from "@/lib/reads/articles/list-source-icons";
import * as iconRoute from "@/app/site-icons/[hash]/route";
import * as feverPhpRoute from "@/app/api/fever.php/route";
import { useWebPasswordGate } from "@/tests/helpers/gate-with-password";

const HOST = "reader.example:3000";
const GAP_MS = 150;
const ORANGE = solidPng(16, [230, 120, 20]);
const HOSTILE_SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" onload="alert('PWNED')">
<script>alert("PWNED")</script><foreignObject><p>PWNED</p></foreignObject>
<a href="javascript:alert('PWNED')"><rect width="16" height="16" fill="teal"/></a>
<circle cx="8" cy="8" r="4" fill="url(https://evil.example/x)" style="fill:white"/><use href="https://evil.example/s.svg#x"/></svg>`;

let database: FreshDatabase;
let restore: () => Promise<void>;
const sites: Record<string, Publisher> = {};

const page = (head: string) =>
  feed({
    body: `<!doctype html><html><head><title>Home</title>${head}</head><body>Hello</body></html>`,
    contentType: "text/html",
  });
const image = (body: Buffer | string, contentType: string) => feed({ body, contentType, etag: '"icon-v1"' });
/** An RSS feed whose channel link is its own site (the site whose icon is looked for). */
const ownFeed = (site: string, extra = "") =>
  feed({
    body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Site ${site}</title><link>${site}/</link>${extra}<item><guid>urn:${site}:1</guid><title>One</title><link>${site}/1</link></item></channel></rss>`,
  });

async function addSite(name: string, host: string, routes: (origin: string) => Record<string, Handler>) {
  const publisher = await startPublisher({}, { host });
  for (const [path, handler] of Object.entries(routes(publisher.origin))) publisher.setRoute(path, handler);
  sites[name] = publisher;
  await addDueSource(database.db, publisher.url("/feed.xml"), name);
}

const iconsOn = () => testRoundSettings({ icons: true, hostGapMs: GAP_MS });
const siteIcon = (name: string) =>
  database.db.siteIcon.findUniqueOrThrow({ where: { site: sites[name]!.origin }, include: { icon: true } });

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  await addSite("feedIcon", "127.10.0.1", (origin) => ({
    "/feed.xml": ownFeed(
      origin,
      `<image><url>${origin}/brand/square.png</url><title>x</title><link>${origin}/</link></image>`,
    ),
    "/brand/square.png": image(ORANGE, "image/png"),
  }));
  await addSite("linkIcon", "127.10.0.2", (origin) => ({
    "/feed.xml": ownFeed(origin),
    "/": page('<link rel="stylesheet" href="/s.css"><link rel="icon" type="image/svg+xml" href="/static/i.svg">'),
    "/static/i.svg": image(HOSTILE_SVG, "image/svg+xml"),
  }));
  await addSite("touchIcon", "127.10.0.3", (origin) => ({
    "/feed.xml": ownFeed(origin),
    "/": page('<link rel="apple-touch-icon" href="/apple-touch-icon.png">'),
    "/apple-touch-icon.png": image(solidPng(32, [20, 120, 230]), "image/png"),
  }));
  await addSite("favicon", "127.10.0.4", (origin) => ({
    "/feed.xml": ownFeed(origin),
    "/": page(""),
    // The same bytes as the first site's icon, wrapped: a different image. The first site's own
    // bytes come back on the next site, kept once.
    "/favicon.ico": image(icoOf(ORANGE, 16), "image/vnd.microsoft.icon"),
  }));
  await addSite("sameBytes", "127.10.0.5", (origin) => ({
    "/feed.xml": ownFeed(origin),
    "/": page('<link rel="shortcut icon" href="/orange.png">'),
    "/orange.png": image(ORANGE, "application/octet-stream"),
  }));
  await addSite("notImage", "127.10.0.6", (origin) => ({
    "/feed.xml": ownFeed(origin),
    "/": page('<link rel="icon" href="/missing.png">'),
    "/missing.png": feed({ body: "<!doctype html><p>Not found, but 200</p>", contentType: "image/png" }),
    "/favicon.ico": feed({ body: "<html>nope</html>", contentType: "text/html" }),
  }));
  await addSite("tooBig", "127.10.0.7", (origin) => ({
    "/feed.xml": ownFeed(origin),
    "/": page(""),
    "/favicon.ico": hugeBody({ bytes: 600 * 1024 }),
  }));
  await addSite("bigHome", "127.10.0.8", (origin) => ({
    "/feed.xml": ownFeed(origin),
    // A home page far over the cap, sent without a Content-Length: its head is read all the same.
    "/": (_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.write('<html><head><link rel="icon" href="/big-home.png"></head><body>');
      response.end("<p>filler</p>".repeat(60_000));
    },
    "/big-home.png": image(solidPng(8, [10, 10, 10]), "image/png"),
  }));
  await runRound(database.db, iconsOn(), { trigger: "cli" });
});

afterAll(async () => {
  await restore?.();
  for (const publisher of Object.values(sites)) await publisher.close();
  await database?.dispose();
});

describe("finding a site's icon", () => {
  it("takes the feed's own icon first, without reading the home page", async () => {
    const row = await siteIcon("feedIcon");
    expect(row).toMatchObject({ state: "found", url: sites.feedIcon!.url("/brand/square.png"), etag: '"icon-v1"' });
    expect(row.icon).toMatchObject({ contentType: "image/png" });
    expect(Buffer.from(row.icon!.data).equals(ORANGE)).toBe(true);
    expect(sites.feedIcon!.requests.map((request) => request.path)).toEqual(["/feed.xml", "/brand/square.png"]);
    expect(sites.feedIcon!.requests[1]!.headers.accept).toMatch(/^image\/png/);
  });

  it("then the home page's <link rel=icon>, an SVG kept only sanitized", async () => {
    const row = await siteIcon("linkIcon");
    expect(row).toMatchObject({ state: "found", url: sites.linkIcon!.url("/static/i.svg") });
    expect(row.icon!.contentType).toBe("image/svg+xml");
    const svg = Buffer.from(row.icon!.data).toString("utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("<rect");
    expect(svg).toContain('style="fill:white"');
    expect(svg).not.toMatch(/PWNED|<script|onload|foreignObject|javascript:|evil\.example/);
    // One request at a time to the site, each after the domain's gap.
    const requests = sites.linkIcon!.requests;
    expect(requests.map((request) => request.path)).toEqual(["/feed.xml", "/", "/static/i.svg"]);
    for (let index = 1; index < requests.length; index += 1)
      expect(requests[index]!.arrivedAt - requests[index - 1]!.finishedAt!).toBeGreaterThanOrEqual(GAP_MS - 10);
  });

  it("then apple-touch-icon, then /favicon.ico", async () => {
    expect(await siteIcon("touchIcon")).toMatchObject({
      state: "found",
      url: sites.touchIcon!.url("/apple-touch-icon.png"),
    });
    const ico = await siteIcon("favicon");
    expect(ico).toMatchObject({ state: "found", url: sites.favicon!.url("/favicon.ico") });
    expect(ico.icon!.contentType).toBe("image/x-icon");
  });

  it("reads the head of a home page longer than the cap", async () => {
    expect(await siteIcon("bigHome")).toMatchObject({ state: "found", url: sites.bigHome!.url("/big-home.png") });
  });

  it("keeps one image for the same bytes on two sites", async () => {
    const [first, second] = [await siteIcon("feedIcon"), await siteIcon("sameBytes")];
    expect(second.iconId).toBe(first.iconId);
    expect(await database.db.icon.count({ where: { hash: first.icon!.hash } })).toBe(1);
  });

  it("refuses what is not an image or too large, says why, and does not ask again before next month", async () => {
    const notImage = await siteIcon("notImage");
    expect(notImage).toMatchObject({ state: "refused", iconId: null });
    expect(notImage.detail).toMatch(/missing\.png: not an image/);
    const tooBig = await siteIcon("tooBig");
    expect(tooBig).toMatchObject({ state: "refused", iconId: null });
    expect(tooBig.detail).toMatch(/over the 256(\.0)? KiB limit/);
    for (const row of [notImage, tooBig])
      expect(row.nextCheckAt.getTime() - row.checkedAt.getTime()).toBe(30 * 24 * 3600_000);
    const before = sites.notImage!.requests.length;
    await makeAllDue(database.db);
    await runRound(database.db, iconsOn(), { trigger: "cli" });
    expect(sites.notImage!.requests.slice(before).map((request) => request.path)).toEqual(["/feed.xml"]);
  });

  it("logs each icon request as its own kind for the source", async () => {
    const rows = await database.db.fetch.findMany({ where: { kind: "icon" }, orderBy: { id: "asc" } });
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const refused = rows.find((row) => row.url === sites.notImage!.url("/missing.png"));
    expect(refused).toMatchObject({ outcome: "error", errorKind: "not_an_image", httpStatus: 200 });
  });

  it("checks a month later conditionally, and a 304 keeps the icon", async () => {
    await database.db.siteIcon.update({
      where: { site: sites.feedIcon!.origin },
      data: { nextCheckAt: new Date(Date.now() - 1000) },
    });
    const before = (await siteIcon("feedIcon")).iconId;
    await makeAllDue(database.db);
    await runRound(database.db, iconsOn(), { trigger: "cli" });
    const asked = sites.feedIcon!.requests.filter((request) => request.path === "/brand/square.png");
    expect(asked).toHaveLength(2);
    expect(asked[1]!.headers["if-none-match"]).toBe('"icon-v1"');
    const after = await siteIcon("feedIcon");
    expect(after).toMatchObject({ state: "found", iconId: before });
    expect(after.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it("refreshes one source's icon now on request, whatever its next check", async () => {
    const source = await database.db.source.findFirstOrThrow({ where: { feedUrl: sites.touchIcon!.url("/feed.xml") } });
    const result = await refreshIconNow(database.db, iconsOn(), source.id);
    expect(result).toMatchObject({ state: "found" });
    expect(sites.touchIcon!.requests.filter((request) => request.path === "/apple-touch-icon.png")).toHaveLength(2);
  });
});

describe("serving the icon", () => {
  it("serves it from Tidings's own origin with a year's immutable cache, and 304 to its ETag", async () => {
    const { icon } = await siteIcon("feedIcon");
    const get = (headers: Record<string, string> = {}) =>
      iconRoute.GET(new Request(`http://${HOST}/site-icons/${icon!.hash}`, { headers: { host: HOST, ...headers } }), {
        params: Promise.resolve({ hash: icon!.hash }),
      });
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(ORANGE)).toBe(true);
    expect((await get({ "if-none-match": `"${icon!.hash}"` })).status).toBe(304);
    const unknown = await iconRoute.GET(new Request(`http://${HOST}/site-icons/zz`), {
      params: Promise.resolve({ hash: "zz" }),
    });
    expect(unknown.status).toBe(404);
  });

  it("names it in the Google Reader API's iconUrl and the Fever API's favicons", async () => {
    const session = await openGReaderSession(database.db);
    const { subscriptions } = await session.json<{ subscriptions: { url: string; iconUrl: string }[] }>(
      session.get("reader/api/0/subscription/list", { output: "json" }),
    );
    const { icon } = await siteIcon("feedIcon");
    const byFeed = new Map(subscriptions.map((subscription) => [subscription.url, subscription.iconUrl]));
    expect(byFeed.get(sites.feedIcon!.url("/feed.xml"))).toBe(`http://${HOST}/site-icons/${icon!.hash}`);
    expect(byFeed.get(sites.notImage!.url("/feed.xml"))).toBe("");

    const form = new URLSearchParams({ api_key: feverKeyOf(GREADER_USER, GREADER_PASSWORD) });
    const response = await feverPhpRoute.POST(
      new Request(`http://${HOST}/api/fever.php?api&feeds&favicons`, {
        method: "POST",
        body: form.toString(),
        headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    const body = (await response.json()) as {
      feeds: { url: string; favicon_id: number }[];
      favicons: { id: number; data: string }[];
    };
    const feedIcon = body.feeds.find((entry) => entry.url === sites.feedIcon!.url("/feed.xml"))!;
    expect(feedIcon.favicon_id).toBe(icon!.id);
    expect(body.favicons.find((favicon) => favicon.id === icon!.id)?.data).toBe(
      `image/png;base64,${ORANGE.toString("base64")}`,
    );
    expect(body.feeds.find((entry) => entry.url === sites.notImage!.url("/feed.xml"))!.favicon_id).toBe(0);
    // One entry per image: the two sites with the same bytes share it.
    expect(new Set(body.favicons.map((favicon) => favicon.id)).size).toBe(body.favicons.length);
  });

  it("names every source's icon when there are more sites than one query may name (the home page failed at 1,000 sources)", async () => {
    const before = await listSourceIcons(database.db);
    expect(before.size).toBeGreaterThan(0);
    const many = Array.from({ length: 1_200 }, (_, n) => ({
      feedUrl: `https://many-${n}.example/feed`,
      title: `Many ${n}`,
      enabled: false,
    }));
    await database.db.source.createMany({ data: many });
    try {
      expect(await listSourceIcons(database.db)).toEqual(before);
    } finally {
      await database.db.source.deleteMany({ where: { feedUrl: { startsWith: "https://many-" } } });
    }
  });
});

describe("the gate, with a web password", () => {
  const gate = useWebPasswordGate(HOST);

  it("lets an icon through without a session (apps show iconUrl), and nothing beside it", async () => {
    const hash = "a".repeat(64);
    expect(await gate(`/site-icons/${hash}`)).toBeNull();
    expect((await gate(`/site-icons/../api/articles`))?.status).toBe(401);
    expect((await gate(`/site-icons/%2e%2e/api/sidebar`))?.status).toBe(401);
    expect((await gate(`/site-iconsx/${hash}`))?.status).toBe(303);
  });
});
