// The JSON API's route handlers, called in-process with real Requests against a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { compareUnreadCounts, seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import * as listRoute from "@/app/api/articles/route";
import * as articleRoute from "@/app/api/articles/[id]/route";
import * as markReadRoute from "@/app/api/articles/mark-read/route";
import * as markUnreadRoute from "@/app/api/articles/mark-unread/route";
import * as newRoute from "@/app/api/articles/new/route";
import * as sidebarRoute from "@/app/api/sidebar/route";
import * as settingsRoute from "@/app/api/settings/reader/route";
import { decodeCursor, encodeCursor } from "@/lib/pipeline/store/reading/cursor";
import { isRead } from "@/tests/helpers/reader-user";

const HOST = "reader.example:3000";
let database: FreshDatabase;
let restore: () => Promise<void>;
let sourceId: number;
let articleIds: number[];

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  sourceId = await seedSource(database.db, { title: "Example", folder: "Reading" });
  await seedSource(database.db, {
    title: "Broken",
    state: { breakerState: "open", consecutiveErrors: 9, nextCheckReason: "breaker open until 14:05" },
  });
  await seedSource(database.db, {
    title: "Slow",
    state: { consecutiveErrors: 2, nextCheckReason: "backoff after 2 errors" },
  });
  await seedSource(database.db, { title: "Gone", state: { enabled: false, disabledReason: "gone" } });
  await seedSource(database.db, { title: "New", state: { lastFetchedAt: null, lastOutcome: null } });
  await seedSource(database.db, { title: "Paused", state: { enabled: false, disabledReason: "user" } });
  await seedSource(database.db, {
    title: "Stale",
    state: { lastNewArticleAt: new Date(Date.now() - 60 * 24 * 60 * 60 * 1000) },
  });
  await seedSource(database.db, {
    title: "Told to wait",
    state: { retryAfterUntil: new Date(Date.now() + 60 * 60 * 1000), nextCheckReason: "Retry-After until 14:05" },
  });
  await seedSource(database.db, { title: "Half open", state: { breakerState: "half_open" } });
  articleIds = await seedArticles(
    database.db,
    sourceId,
    Array.from({ length: 60 }, (_, n) => ({
      title: `Entry ${n}`,
      content: `<p>Body ${n}</p>`,
      enclosures:
        n === 0
          ? [
              { url: "https://cdn.example/episode.mp3", type: "audio/mpeg", length: 1234 },
              { url: "javascript:alert(1)", type: null, length: null },
            ]
          : [],
    })),
  );
});

afterAll(async () => {
  await restore();
  await database.dispose();
});

function request(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  const body =
    init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  return new Request(`http://${HOST}${path}`, {
    method: init.method ?? "GET",
    body,
    headers: { host: HOST, ...(body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
  });
}

const idContext = (id: string) => ({ params: Promise.resolve({ id }) });
const sameOrigin = { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" };

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
}

describe("GET /api/articles", () => {
  it("answers a page of DTOs that leak no internal column, and a cursor to the next", async () => {
    const response = await listRoute.GET(request("/api/articles?limit=20"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const page = await response.json();
    expect(page.items).toHaveLength(20);
    expect(Object.keys(page.items[0]).sort()).toEqual(
      ["author", "id", "publishedAt", "read", "snippet", "sourceId", "sourceTitle", "starred", "title", "url"].sort(),
    );
    expect(page.items[0].sourceTitle).toBe("Example");
    expect(page.latestId).toBe(articleIds.at(-1));
    const next = await (await listRoute.GET(request(`/api/articles?limit=50&cursor=${page.nextCursor}`))).json();
    expect(next.items).toHaveLength(40);
    expect(next.nextCursor).toBeNull();
  });

  it("pages oldest first with order=oldest, the cursor carrying the order on", async () => {
    // Seeded a minute apart, newest first: the oldest is the last seeded.
    const oldestFirst = [...articleIds].reverse();
    const first = await (await listRoute.GET(request("/api/articles?limit=30&order=oldest"))).json();
    expect(first.items.map((item: { id: number }) => item.id)).toEqual(oldestFirst.slice(0, 30));
    const next = await (await listRoute.GET(request(`/api/articles?limit=50&cursor=${first.nextCursor}`))).json();
    expect(next.items.map((item: { id: number }) => item.id)).toEqual(oldestFirst.slice(30));
    expect(next.nextCursor).toBeNull();
    const again = await (
      await listRoute.GET(request(`/api/articles?limit=50&order=oldest&cursor=${first.nextCursor}`))
    ).json();
    expect(again.items).toEqual(next.items);
  });

  it("answers a search by best match unless asked otherwise, its cursor reading on in that order", async () => {
    const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);
    const byDate = await (await listRoute.GET(request("/api/articles?q=entr&limit=100&order=newest"))).json();
    expect(ids(byDate)).toEqual(articleIds); // seeded a minute apart, newest first
    // Every title has the word, the articles alike but for their dates: best match orders them by date too.
    const first = await (await listRoute.GET(request("/api/articles?q=entr&limit=30"))).json();
    expect(decodeCursor(first.nextCursor)?.order).toBe("best");
    const next = await (
      await listRoute.GET(request(`/api/articles?q=entr&limit=50&cursor=${first.nextCursor}`))
    ).json();
    expect(next.nextCursor).toBeNull();
    expect([...ids(first), ...ids(next)]).toEqual(ids(byDate));
  });

  it.each([
    [
      "a best-match cursor without its search",
      `cursor=${encodeCursor({ publishedAt: new Date(), id: 5, order: "best", score: 1.5 })}`,
    ],
    [
      "a best-match cursor with another order",
      `q=x&order=newest&cursor=${encodeCursor({ publishedAt: new Date(), id: 5, order: "best", score: 1.5 })}`,
    ],
    ["a tampered cursor", `cursor=${encodeCursor({ publishedAt: new Date(), id: 5, order: "newest" }).slice(0, -2)}`],
    ["an order that is not one", "order=sideways"],
    [
      "a cursor of the other order",
      `order=newest&cursor=${encodeCursor({ publishedAt: new Date(), id: 5, order: "oldest" })}`,
    ],
    ["a cursor of garbage", "cursor=%3Cscript%3E"],
    ["a forged cursor", `cursor=${Buffer.from("1:2:3").toString("base64url")}`],
    ["a limit above 100", "limit=101"],
    ["a limit of zero", "limit=0"],
    ["a non-numeric source", "source=abc"],
    ["a negative folder", "folder=-1"],
    ["a flag that is not a flag", "unread=maybe"],
    ["a search of 201 characters", `q=${"a".repeat(201)}`],
  ])("refuses %s with 400 and the error envelope", async (_label, query) => {
    await expectError(await listRoute.GET(request(`/api/articles?${query}`)), 400, "invalid_query");
  });
});

describe("GET /api/articles/:id", () => {
  it("answers the sanitized content and only http(s) enclosures", async () => {
    const response = await articleRoute.GET(
      request(`/api/articles/${articleIds[0]}`),
      idContext(String(articleIds[0])),
    );
    expect(response.status).toBe(200);
    const article = await response.json();
    expect(article).toMatchObject({
      id: articleIds[0],
      title: "Entry 0",
      contentHtml: "<p>Body 0</p>",
      read: false,
      starred: false,
    });
    expect(article.enclosures).toEqual([{ url: "https://cdn.example/episode.mp3", type: "audio/mpeg", length: 1234 }]);
    expect(article).not.toHaveProperty("dedupeKey");
    expect(article).not.toHaveProperty("contentHash");
  });

  it("answers 404 for an unknown article and 400 for a malformed id", async () => {
    await expectError(await articleRoute.GET(request("/api/articles/999999"), idContext("999999")), 404, "not_found");
    await expectError(await articleRoute.GET(request("/api/articles/abc"), idContext("abc")), 400, "invalid_query");
  });
});

describe("PATCH /api/articles/:id", () => {
  const patch = (id: number | string, body: unknown, headers: Record<string, string> = sameOrigin) =>
    articleRoute.PATCH(request(`/api/articles/${id}`, { method: "PATCH", body, headers }), idContext(String(id)));

  it("reads and stars an article, keeping the unread count exact", async () => {
    const response = await patch(articleIds[1]!, { read: true, starred: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: articleIds[1], read: true, starred: true });
    for (const row of await compareUnreadCounts(database.db)) expect(row.stored).toBe(row.counted);
  });

  it("accepts a request without Origin (curl, scripts)", async () => {
    expect((await patch(articleIds[2]!, { starred: true }, {})).status).toBe(200);
  });

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["the same host on another port", { origin: "http://reader.example:4000" }],
    ["an opaque Origin", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ])("refuses %s with 403 and changes nothing", async (_label, headers) => {
    await expectError(await patch(articleIds[3]!, { read: true }, headers), 403, "cross_site");
    expect(await isRead(database.db, articleIds[3]!)).toBe(false);
  });

  it.each([
    ["an empty object", {}],
    ["a string for a boolean", { read: "yes" }],
    ["an unknown field", { read: true, readAt: "2020-01-01" }],
    ["an array", [true]],
  ])("refuses %s with 422", async (_label, body) => {
    await expectError(await patch(articleIds[3]!, body), 422, "invalid_body");
  });

  it("refuses malformed JSON with 400 and an unknown article with 404", async () => {
    await expectError(await patch(articleIds[3]!, "{read: true"), 400, "invalid_json");
    await expectError(await patch(999_999, { read: true }), 404, "not_found");
  });
});

describe("POST /api/articles/mark-read and mark-unread", () => {
  const post = (
    route: typeof markReadRoute | typeof markUnreadRoute,
    path: string,
    body: unknown,
    headers: Record<string, string> = sameOrigin,
  ) => route.POST(request(path, { method: "POST", body, headers }));

  it("marks the view read older than a date, then the undo restores exactly those", async () => {
    const cutoff = (await database.db.article.findUniqueOrThrow({ where: { id: articleIds[30]! } })).publishedAt;
    const response = await post(markReadRoute, "/api/articles/mark-read", {
      source: sourceId,
      olderThan: cutoff.toISOString(),
    });
    expect(response.status).toBe(200);
    const { markedIds } = await response.json();
    const expected = await database.db.article.findMany({
      where: { sourceId, publishedAt: { lt: cutoff }, id: { not: articleIds[1] } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    expect(markedIds).toEqual(expected.map((row) => row.id));
    const undo = await post(markUnreadRoute, "/api/articles/mark-unread", { ids: markedIds });
    expect((await undo.json()).markedIds).toEqual(markedIds);
    for (const row of await compareUnreadCounts(database.db)) expect(row.stored).toBe(row.counted);
  });

  it.each([
    ["a date that is not ISO 8601", { olderThan: "yesterday" }],
    ["a folder that is not a number", { folder: "3" }],
    ["an unknown field", { everything: true }],
  ])("refuses mark-read with %s (422)", async (_label, body) => {
    await expectError(await post(markReadRoute, "/api/articles/mark-read", body), 422, "invalid_body");
  });

  it("refuses an empty, an oversized and a huge undo list", async () => {
    await expectError(await post(markUnreadRoute, "/api/articles/mark-unread", { ids: [] }), 422, "invalid_body");
    await expectError(
      await post(markUnreadRoute, "/api/articles/mark-unread", {
        ids: Array.from({ length: 10_001 }, (_, n) => n + 1),
      }),
      422,
      "invalid_body",
    );
    await expectError(
      await post(markUnreadRoute, "/api/articles/mark-unread", { ids: [1], pad: "x".repeat(600_000) }),
      413,
      "too_large",
    );
  });

  it("refuses cross-site requests with 403", async () => {
    await expectError(
      await post(markReadRoute, "/api/articles/mark-read", {}, { origin: "https://evil.example" }),
      403,
      "cross_site",
    );
    await expectError(
      await post(markUnreadRoute, "/api/articles/mark-unread", { ids: [1] }, { origin: "https://evil.example" }),
      403,
      "cross_site",
    );
    expect(await database.db.unreadArticle.count()).toBeGreaterThan(50);
  });
});

describe("GET /api/articles/new and /api/sidebar", () => {
  it("counts what arrived since a page's latestId", async () => {
    const since = articleIds.at(-1)!;
    expect(await (await newRoute.GET(request(`/api/articles/new?since=${since}`))).json()).toEqual({
      count: 0,
      latestId: since,
    });
    const [late] = await seedArticles(database.db, sourceId, [{ title: "Late" }]);
    expect(await (await newRoute.GET(request(`/api/articles/new?since=${since}&unread=true`))).json()).toEqual({
      count: 1,
      latestId: late,
    });
    await expectError(await newRoute.GET(request("/api/articles/new")), 400, "invalid_query");
  });

  it("gives folders, sources, unread counts from Subscription.unreadCount, and a health dot each", async () => {
    const sidebar = await (await sidebarRoute.GET()).json();
    const unread = await database.db.unreadArticle.count();
    expect(sidebar.unread).toBe(unread);
    expect(sidebar.starred).toBe(await database.db.starredArticle.count());
    expect(sidebar.folders).toEqual([
      {
        id: expect.any(Number),
        name: "Reading",
        unread,
        sources: [{ id: sourceId, title: "Example", unread, health: "ok" }],
      },
    ]);
    expect(
      sidebar.sources.map((source: { title: string; health: string; healthLabel: string }) => [
        source.title,
        source.health,
        source.healthLabel,
      ]),
    ).toEqual([
      ["Broken", "broken", "Breaker open after repeated errors (breaker open until 14:05)"],
      ["Gone", "broken", "Gone: the publisher removed this feed"],
      // A half-open breaker is still open (lib/reads/health/rules/classify-source-health.ts): only its probe is due.
      ["Half open", "broken", expect.stringMatching(/^Breaker open after repeated errors/)],
      ["New", "quiet", "Not fetched yet"],
      ["Paused", "quiet", "Disabled"],
      ["Slow", "backing_off", "Backing off (backoff after 2 errors)"],
      ["Stale", "quiet", "Fetching fine, nothing new for 30 days"],
      ["Told to wait", "backing_off", "Backing off (Retry-After until 14:05)"],
    ]);
  });
});

describe("/api/settings/reader", () => {
  it("saves the mark-read-on-scroll preference in the Setting table", async () => {
    expect(await (await settingsRoute.GET()).json()).toEqual({ markReadOnScroll: false });
    const put = await settingsRoute.PUT(
      request("/api/settings/reader", { method: "PUT", body: { markReadOnScroll: true }, headers: sameOrigin }),
    );
    expect(await put.json()).toEqual({ markReadOnScroll: true });
    expect(await (await settingsRoute.GET()).json()).toEqual({ markReadOnScroll: true });
    await expectError(
      await settingsRoute.PUT(
        request("/api/settings/reader", { method: "PUT", body: { markReadOnScroll: 1 }, headers: sameOrigin }),
      ),
      422,
      "invalid_body",
    );
    await expectError(
      await settingsRoute.PUT(
        request("/api/settings/reader", {
          method: "PUT",
          body: { markReadOnScroll: false },
          headers: { origin: "https://evil.example" },
        }),
      ),
      403,
      "cross_site",
    );
  });
});
