// The Fever API's route handlers, called in-process with real Requests against a real database
// (SQLite, or PostgreSQL with DATABASE_URL), as a Fever app calls them: form-encoded POSTs to
// /api/fever.php?api&… with api_key = md5("user:password").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { compareUnreadCounts, seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import * as feverPhpRoute from "@/app/api/fever.php/route";
import * as feverRoute from "@/app/api/fever/route";
import * as listRoute from "@/app/api/articles/route";
import * as articleRoute from "@/app/api/articles/[id]/route";
import { handleFeverCall } from "@/lib/features/fever/handle-fever-call";
import { LoginThrottle } from "@/lib/features/auth/login-throttle";
import { feverKeyOf } from "@/lib/features/auth/api-credentials";
import { clearApiPassword, setApiPassword } from "@/tests/helpers/api-users";
import { useWebPasswordGate } from "@/tests/helpers/gate-with-password";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { isRead, readerId, starredAtOf } from "@/tests/helpers/reader-user";
import { updateArticleState } from "@/lib/pipeline/store/reading/article-state";

const HOST = "reader.example:3000";
const PASSWORD = "a long random api password";
const KEY = feverKeyOf("tidings", PASSWORD);
let database: FreshDatabase;
let restore: () => Promise<void>;
let techId: number;
let newsId: number;
let looseId: number;
let folderId: number;
const ids: number[] = [];

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  techId = await seedSource(database.db, { title: "Tech", folder: "Reading" });
  newsId = await seedSource(database.db, { title: "News", folder: "Reading" });
  looseId = await seedSource(database.db, { title: "Loose" });
  folderId = (await database.db.userFolder.findFirstOrThrow({ where: { name: "Reading" } })).id;
  const day = 24 * 60 * 60 * 1000;
  const base = Date.UTC(2026, 0, 1);
  // 120 articles over three sources, published a day apart: tech 0–39, news 40–79, loose 80–119.
  for (const [index, sourceId] of [techId, newsId, looseId].entries()) {
    const seeded = await seedArticles(
      database.db,
      sourceId,
      Array.from({ length: 40 }, (_, n) => ({
        title: `Item ${index * 40 + n}`,
        publishedAt: new Date(base + (index * 40 + n) * day),
        author: n === 0 ? "Ada" : null,
      })),
    );
    ids.push(...seeded);
  }
});

afterAll(async () => {
  await restore();
  await database.dispose();
});

type Call = {
  query?: string;
  body?: Record<string, string>;
  headers?: Record<string, string>;
  key?: string | null;
  throttle?: LoginThrottle;
  path?: string;
};

function feverRequest({ query = "", body = {}, headers = {}, key = KEY, path = "/api/fever.php" }: Call): Request {
  const form = new URLSearchParams({ ...(key === null ? {} : { api_key: key }), ...body });
  return new Request(`http://${HOST}${path}?api${query ? `&${query}` : ""}`, {
    method: "POST",
    body: form.toString(),
    headers: { host: HOST, "content-type": "application/x-www-form-urlencoded", ...headers },
  });
}

async function fever(call: Call = {}): Promise<{ status: number; body: Record<string, unknown> & { auth: number } }> {
  const response = call.throttle
    ? await handleFeverCall(feverRequest(call), call.throttle)
    : await feverPhpRoute.POST(feverRequest(call));
  return { status: response.status, body: await response.json() };
}

async function readerIds(query: string): Promise<number[]> {
  const response = await listRoute.GET(
    new Request(`http://${HOST}/api/articles?limit=100&${query}`, { headers: { host: HOST } }),
  );
  return ((await response.json()).items as { id: number }[]).map((item) => item.id);
}

const clientThrottle = () => new LoginThrottle({ perClient: 3, perAddress: 1000, perAccount: 1000, windowMs: 60_000 });
const articleState = async (id: number) => ({
  read: await isRead(database.db, id),
  starredAt: await starredAtOf(database.db, id),
});

describe("Fever authentication", () => {
  it("answers auth 0, and nothing else, while no API password is set", async () => {
    const { status, body } = await fever({ query: "items&groups" });
    expect(status).toBe(200);
    expect(body).toEqual({ api_version: 3, auth: 0, last_refreshed_on_time: 0 });
  });

  it("answers auth 1 to md5(user:password), auth 0 to a wrong or missing key", async () => {
    await setApiPassword(database.db, "tidings", PASSWORD);
    const right = await fever({ throttle: clientThrottle() });
    expect(right.body).toEqual({ api_version: 3, auth: 1, last_refreshed_on_time: expect.any(Number) });
    expect(right.body.last_refreshed_on_time).toBeGreaterThan(1_700_000_000);
    for (const key of [feverKeyOf("tidings", "wrong password"), feverKeyOf("someone", PASSWORD), null, "not-hex"]) {
      const wrong = await fever({ key, query: "items", throttle: clientThrottle() });
      expect(wrong.body).toEqual({ api_version: 3, auth: 0, last_refreshed_on_time: 0 });
    }
  });

  it("takes the key from the query string and from a multipart body too, on both paths", async () => {
    const get = await feverRoute.GET(
      new Request(`http://${HOST}/api/fever?api&api_key=${KEY}`, { headers: { host: HOST } }),
    );
    expect((await get.json()).auth).toBe(1);
    const form = new FormData();
    form.set("api_key", KEY);
    const multipart = await feverRoute.POST(
      new Request(`http://${HOST}/api/fever?api&links`, { method: "POST", body: form, headers: { host: HOST } }),
    );
    expect(await multipart.json()).toMatchObject({ auth: 1, links: [] });
  });

  it("throttles wrong keys per client like the login, with 429 and auth 0 even for the right key", async () => {
    const throttle = clientThrottle();
    const guesser = { "x-tidings-client-address": "203.0.113.9" };
    for (let n = 0; n < 3; n++)
      expect((await fever({ key: feverKeyOf("tidings", `guess ${n}`), headers: guesser, throttle })).body.auth).toBe(0);
    const blocked = await fever({ headers: guesser, throttle });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ api_version: 3, auth: 0, last_refreshed_on_time: 0 });
    expect((await fever({ headers: { "x-tidings-client-address": "198.51.100.1" }, throttle })).body.auth).toBe(1);
  });

  it("refuses a form posted by a page of another site, and marks nothing", async () => {
    const response = await feverPhpRoute.POST(
      feverRequest({
        body: { mark: "item", as: "saved", id: String(ids[0]) },
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      }),
    );
    expect(response.status).toBe(403);
    expect((await articleState(ids[0]!)).starredAt).toBeNull();
  });

  // A decision, not an omission (README, "Browsers and CORS"): Fever clients are native apps, and
  // FreshRSS and Miniflux send no CORS for Fever either. The Google Reader API does.
  it("sends no CORS headers and has no preflight of its own, so no page elsewhere can read an answer", async () => {
    const corsHeaders = (response: Response) =>
      [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));
    const app = await feverPhpRoute.POST(feverRequest({}));
    expect([app.status, corsHeaders(app)]).toEqual([200, []]);
    const page = await feverPhpRoute.POST(
      feverRequest({ headers: { origin: "https://webapp.example", "sec-fetch-site": "cross-site" } }),
    );
    expect([page.status, corsHeaders(page)]).toEqual([403, []]);
    // No OPTIONS handler on either path: Next.js answers a preflight with its own Allow, no CORS.
    expect(Object.keys(feverPhpRoute)).not.toContain("OPTIONS");
    expect(Object.keys(feverRoute)).not.toContain("OPTIONS");
  });

  it("answers auth 0 again once the API password is removed", async () => {
    await clearApiPassword(database.db, "tidings");
    expect((await fever({ throttle: clientThrottle() })).body.auth).toBe(0);
    await setApiPassword(database.db, "tidings", PASSWORD);
  });
});

describe("Fever reads", () => {
  it("lists folders as groups, with feeds_groups as comma-separated feed ids", async () => {
    const { body } = await fever({ query: "groups" });
    expect(body.groups).toEqual([{ id: folderId, title: "Reading" }]);
    expect(body.feeds_groups).toEqual([{ group_id: folderId, feed_ids: `${techId},${newsId}` }]);
  });

  it("lists sources as feeds in Fever's shape", async () => {
    const { body } = await fever({ query: "feeds" });
    const feeds = body.feeds as Record<string, unknown>[];
    expect(feeds.map((feed) => feed.id)).toEqual([techId, newsId, looseId]);
    expect(Object.keys(feeds[0]!).sort()).toEqual([
      "favicon_id",
      "id",
      "is_spark",
      "last_updated_on_time",
      "site_url",
      "title",
      "url",
    ]);
    expect(feeds[0]).toMatchObject({
      title: "Tech",
      favicon_id: 0,
      is_spark: 0,
      url: expect.stringMatching(/^https:\/\//),
    });
    expect(feeds[0]!.last_updated_on_time).toBeGreaterThan(1_700_000_000);
    expect(body.feeds_groups).toEqual([{ group_id: folderId, feed_ids: `${techId},${newsId}` }]);
  });

  it("answers favicons and links with empty lists", async () => {
    const { body } = await fever({ query: "favicons&links" });
    expect(body).toMatchObject({ auth: 1, favicons: [], links: [] });
  });

  it("pages with since_id upward, 50 at a time, and finds articles inserted meanwhile at the end", async () => {
    const first = await fever({ query: "items&since_id=0" });
    const firstItems = first.body.items as { id: number }[];
    expect(firstItems.map((item) => item.id)).toEqual(ids.slice(0, 50));
    expect(first.body.total_items).toBe(120);
    expect(Object.keys(firstItems[0]!).sort()).toEqual([
      "author",
      "created_on_time",
      "feed_id",
      "html",
      "id",
      "is_read",
      "is_saved",
      "title",
      "url",
    ]);
    expect(firstItems[0]).toMatchObject({
      feed_id: techId,
      title: "Item 0",
      author: "Ada",
      is_read: 0,
      is_saved: 0,
      created_on_time: Date.UTC(2026, 0, 1) / 1000,
    });
    expect(firstItems[0]).toMatchObject({ html: "<p>The body of Item 0.</p>" });
    const added = await seedArticles(database.db, newsId, [
      { title: "Late news", publishedAt: new Date(Date.UTC(2025, 0, 1)) },
    ]);
    const seen: number[] = firstItems.map((item) => item.id);
    for (let call = 0; call < 10; call++) {
      const page = (await fever({ query: `items&since_id=${seen.at(-1)}` })).body.items as { id: number }[];
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(50);
      seen.push(...page.map((item) => item.id));
    }
    expect(seen).toEqual([...ids, ...added]);
    ids.push(...added);
  });

  it("pages with max_id downward from the newest (max_id=0), without repeats", async () => {
    const seen: number[] = [];
    let maxId = 0;
    for (let call = 0; call < 10; call++) {
      const page = (await fever({ query: `items&max_id=${maxId}` })).body.items as { id: number }[];
      if (page.length === 0) break;
      seen.push(...page.map((item) => item.id));
      maxId = page.at(-1)!.id;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("answers with_ids with exactly those items, and refuses more than 50 ids without reading", async () => {
    const wanted = [ids[5]!, ids[90]!, 2_000_000];
    const { body } = await fever({ query: `items&with_ids=${wanted.join(",")}` });
    expect((body.items as { id: number }[]).map((item) => item.id)).toEqual([ids[5], ids[90]]);
    const tooMany = await fever({ query: `items&with_ids=${ids.slice(0, 51).join(",")}` });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ api_version: 3, auth: 1, error: { code: "invalid_query" } });
    const huge = await fever({
      body: { items: "", with_ids: Array.from({ length: 100_000 }, (_, n) => n + 1).join(",") },
    });
    expect(huge.status).toBe(413);
  });

  it("lists unread and saved item ids as comma-separated strings", async () => {
    const userId = await readerId(database.db);
    await updateArticleState(database.db, { userId, id: ids[3]!, starred: true, now: new Date() });
    const { body } = await fever({ query: "unread_item_ids&saved_item_ids" });
    expect(body.unread_item_ids).toBe(ids.join(","));
    expect(body.saved_item_ids).toBe(String(ids[3]));
    await updateArticleState(database.db, { userId, id: ids[3]!, starred: false, now: new Date() });
  });
});

describe("Fever marks", () => {
  it("marks an item read and unread, seen by the reader's list API, unread counts exact", async () => {
    const id = ids[10]!;
    expect((await fever({ body: { mark: "item", as: "read", id: String(id) } })).body.auth).toBe(1);
    expect(await readerIds(`unread=true&source=${techId}`)).not.toContain(id);
    expect((await compareUnreadCounts(database.db)).every((row) => row.stored === row.counted)).toBe(true);
    const { body } = await fever({ query: "unread_item_ids" });
    expect((body.unread_item_ids as string).split(",").map(Number)).not.toContain(id);
    await fever({ body: { mark: "item", as: "unread", id: String(id) } });
    expect(await readerIds(`unread=true&source=${techId}`)).toContain(id);
    const counts = await compareUnreadCounts(database.db);
    expect(counts.every((row) => row.stored === row.counted)).toBe(true);
  });

  it("marks an item saved and unsaved, seen as starred by the reader", async () => {
    const id = ids[20]!;
    await fever({ body: { mark: "item", as: "saved", id: String(id) } });
    expect(await readerIds("starred=true")).toEqual([id]);
    expect((await fever({ query: "saved_item_ids" })).body.saved_item_ids).toBe(String(id));
    await fever({ body: { mark: "item", as: "unsaved", id: String(id) } });
    expect(await readerIds("starred=true")).toEqual([]);
  });

  it("sees what the web reader marks: read and starred through the reader's PATCH", async () => {
    const id = ids[30]!;
    const patch = await articleRoute.PATCH(
      new Request(`http://${HOST}/api/articles/${id}`, {
        method: "PATCH",
        body: JSON.stringify({ read: true, starred: true }),
        headers: { host: HOST, "content-type": "application/json" },
      }),
      { params: Promise.resolve({ id: String(id) }) },
    );
    expect(patch.status).toBe(200);
    const { body } = await fever({ query: `unread_item_ids&saved_item_ids&items&with_ids=${id}` });
    expect((body.unread_item_ids as string).split(",").map(Number)).not.toContain(id);
    expect(body.saved_item_ids).toBe(String(id));
    expect(body.items).toMatchObject([{ id, is_read: 1, is_saved: 1 }]);
    await fever({ body: { mark: "item", as: "unsaved", id: String(id) } });
    await fever({ body: { mark: "item", as: "unread", id: String(id) } });
  });

  it("marks a feed read before a time only, and a group (a folder) the same way", async () => {
    const before = Date.UTC(2026, 0, 11) / 1000; // tech items 0–9 were published earlier
    await fever({ body: { mark: "feed", as: "read", id: String(techId), before: String(before) } });
    const unreadTech = await readerIds(`unread=true&source=${techId}`);
    expect(unreadTech).toHaveLength(30);
    expect(unreadTech).not.toContain(ids[9]);
    expect(unreadTech).toContain(ids[10]);
    // Group: news items 40–49 are before this time; loose (no folder) is untouched.
    await fever({
      body: { mark: "group", as: "read", id: String(folderId), before: String(Date.UTC(2026, 1, 20) / 1000) },
    });
    expect(await readerIds(`unread=true&source=${newsId}`)).toHaveLength(41 - 11); // 40 + late, minus 10 and the late one (2025)
    expect(await readerIds(`unread=true&source=${looseId}`)).toHaveLength(40);
    expect((await compareUnreadCounts(database.db)).every((row) => row.stored === row.counted)).toBe(true);
  });

  it("marks every feed read with group 0, up to `before`", async () => {
    await fever({
      body: { mark: "group", as: "read", id: "0", before: String((Date.UTC(2026, 0, 1) + 101 * 86_400_000) / 1000) },
    }); // loose items 80–100
    expect(await readerIds(`unread=true&source=${looseId}`)).toHaveLength(19);
    expect((await compareUnreadCounts(database.db)).every((row) => row.stored === row.counted)).toBe(true);
  });

  it("refuses bad marks with 400 and changes nothing", async () => {
    const before = await database.db.unreadArticle.count();
    for (const body of <Record<string, string>[]>[
      { mark: "article", as: "read", id: String(ids[50]) },
      { mark: "item", as: "starred", id: String(ids[50]) },
      { mark: "item", as: "read", id: "12abc" },
      { mark: "feed", as: "read", id: String(looseId), before: "yesterday" },
      { mark: "group", as: "read", id: "0", before: "1.5e9" },
    ]) {
      const answer = await fever({ body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        api_version: 3,
        auth: 1,
        error: { code: "invalid_query", message: expect.any(String) },
      });
    }
    expect(await database.db.unreadArticle.count()).toBe(before);
  });

  it("answers a mark of an unknown item as done, changing nothing", async () => {
    expect((await fever({ body: { mark: "item", as: "read", id: "2000000" } })).status).toBe(200);
  });
});

describe("the gate with a web password set", () => {
  const gate = useWebPasswordGate(HOST);

  it("lets the Fever routes through to their own authentication", async () => {
    expect(await gate("/api/fever.php?api")).toBeNull();
    expect(await gate("/api/fever?api")).toBeNull();
  });

  it("opens nothing else with the Fever key: not as a cookie, a query parameter or a header", async () => {
    for (const [path, headers] of [
      [`/api/articles?api_key=${KEY}`, {}],
      ["/api/articles", { cookie: `${SESSION_COOKIE}=${KEY}; api_key=${KEY}` }],
      ["/api/articles", { authorization: `Bearer ${KEY}`, "x-api-key": KEY }],
      [`/api/fever.php/../articles?api_key=${KEY}`, {}],
      [`/api/feverish?api_key=${KEY}`, {}],
    ] as const) {
      const refused = await gate(path, headers);
      expect(refused?.status, path).toBe(401);
    }
    expect((await gate(`/sources?api_key=${KEY}`))?.status).toBe(303);
  });
});
