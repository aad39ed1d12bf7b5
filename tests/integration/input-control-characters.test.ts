// NUL and other control characters at every input edge: before, PostgreSQL answered 500 ("invalid
// byte sequence for encoding UTF8: 0x00") and SQLite stored them (or read `q=%00` as "everything");
// now each API answers 400 (422 for a JSON body) with a clear message and changes nothing. Ids are
// decimal where decimal is documented: `/api/articles/0x1` is no longer article 1.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { openGReaderSession, type GReaderSession } from "@/tests/helpers/greader-client";
import { feverKeyOf } from "@/lib/features/auth/api-credentials";
import * as listRoute from "@/app/api/articles/route";
import * as articleRoute from "@/app/api/articles/[id]/route";
import * as markReadRoute from "@/app/api/articles/mark-read/route";
import * as newRoute from "@/app/api/articles/new/route";
import * as feverRoute from "@/app/api/fever/route";
import { addSourceSchema, editSourceSchema, importChunkSchema } from "@/lib/reads/sources/form-schemas";
import { apiCredentialsSchema } from "@/lib/features/auth/api-credentials";
import { userNameSchema } from "@/lib/features/auth/user-input";
import { notifySettingsSchema } from "@/lib/features/notify/notify-target";
import { CONTROL_CHARACTER_MESSAGE } from "@/lib/http/plain-text";

const HOST = "127.0.0.1:3000";
const database = setUpDatabaseInProcess();
let session: GReaderSession;
let sourceId: number;
let articleIds: number[];

beforeAll(async () => {
  session = await openGReaderSession(database().db);
});
beforeEach(async () => {
  await database().db.source.deleteMany();
  await database().db.userFolder.deleteMany();
  sourceId = await seedSource(database().db, { title: "Plain", folder: "News" });
  articleIds = await seedArticles(database().db, sourceId, [{ title: "One" }, { title: "Two" }]);
});

const get = (path: string) => new Request(`http://${HOST}${path}`, { headers: { host: HOST } });
const postJson = (path: string, body: unknown) =>
  new Request(`http://${HOST}${path}`, {
    method: "POST",
    headers: { host: HOST, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Nothing a refused call could have touched has changed. */
async function expectUnchanged(): Promise<void> {
  const db = database().db;
  expect(
    await db.subscription.findMany({
      select: { customTitle: true, source: { select: { title: true } }, folder: { select: { name: true } } },
    }),
  ).toEqual([{ customTitle: null, source: { title: "Plain" }, folder: { name: "News" } }]);
  expect(await db.userFolder.findMany({ select: { name: true } })).toEqual([{ name: "News" }]);
  expect(await db.unreadArticle.count()).toBe(2);
}

async function expectRefused(response: Response, status: number, pattern: RegExp): Promise<void> {
  const text = await response.text();
  expect([response.status, text]).toEqual([status, expect.stringMatching(pattern)]);
  await expectUnchanged();
}

describe("the JSON API", () => {
  it.each(["/api/articles?q=%00", "/api/articles?q=rust%00", "/api/articles?q=%1B%5B2J", "/api/articles?cursor=%00"])(
    "GET %s is 400 invalid_query",
    async (path) => {
      await expectRefused(await listRoute.GET(get(path)), 400, /"invalid_query".*control characters/);
    },
  );

  it("GET /api/articles/new with a NUL search is 400", async () => {
    await expectRefused(await newRoute.GET(get("/api/articles/new?since=0&q=%00")), 400, /control characters/);
  });

  it("POST mark-read with a NUL in q is 422 and marks nothing", async () => {
    await expectRefused(
      await markReadRoute.POST(postJson("/api/articles/mark-read", { q: "\u0000" })),
      422,
      /q: must not contain control/,
    );
  });

  it.each(["0x1", "1e0", "01", "+1", " 1", "1.0", "0b1", "%001"])(
    "GET /api/articles/%s is 400: ids are decimal",
    async (id) => {
      const answer = await articleRoute.GET(get(`/api/articles/${id}`), {
        params: Promise.resolve({ id: decodeURIComponent(id) }),
      });
      expect(answer.status).toBe(400);
    },
  );

  it("a decimal id still reads its article", async () => {
    const answer = await articleRoute.GET(get(`/api/articles/${articleIds[0]}`), {
      params: Promise.resolve({ id: String(articleIds[0]) }),
    });
    expect(answer.status).toBe(200);
  });

  it("GET /api/articles/new?since=0x1 is 400", async () => {
    expect((await newRoute.GET(get("/api/articles/new?since=0x1"))).status).toBe(400);
  });
});

describe("the Google Reader API", () => {
  it("a subscription title with a NUL is 400 and renames nothing", async () => {
    const answer = await session.post("reader/api/0/subscription/edit", {
      ac: "edit",
      s: `feed/${sourceId}`,
      t: "Evil\u0000title",
    });
    await expectRefused(answer, 400, /t: must not contain control characters/);
  });

  it("a label with a NUL is 400 and creates no folder", async () => {
    const answer = await session.post("reader/api/0/subscription/edit", {
      ac: "edit",
      s: `feed/${sourceId}`,
      a: "user/-/label/Evil\u0000",
    });
    await expectRefused(answer, 400, /a: must not contain control characters/);
  });

  it("rename-tag to a name with a NUL is 400", async () => {
    const answer = await session.post("reader/api/0/rename-tag", {
      s: "user/-/label/News",
      dest: "user/-/label/N\u0000ews",
    });
    await expectRefused(answer, 400, /dest: must not contain control characters/);
  });

  it("a label stream id with a NUL, in the path or in s, is 400", async () => {
    await expectRefused(
      await session.get(`reader/api/0/stream/contents/${encodeURIComponent("user/-/label/News\u0000")}`),
      400,
      /the stream id must not contain control characters/,
    );
    await expectRefused(
      await session.get("reader/api/0/stream/items/ids", { s: "user/-/label/\u0000" }),
      400,
      /s: must not contain control/,
    );
  });

  it("mark-all-as-read of a stream with a NUL is 400 and marks nothing", async () => {
    await expectRefused(
      await session.post("reader/api/0/mark-all-as-read", { s: "user/-/label/News\u0000" }),
      400,
      /s: must not contain control/,
    );
  });
});

describe("the Fever API", () => {
  it("a NUL in any argument is 400 invalid_query and marks nothing", async () => {
    const form = new URLSearchParams({
      api_key: feverKeyOf("tidings", "a long random api password"),
      mark: "group",
      as: "read",
      id: "0",
      before: "9999999999\u0000",
    });
    const answer = await feverRoute.POST(
      new Request(`http://${HOST}/api/fever?api`, {
        method: "POST",
        headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      }),
    );
    await expectRefused(answer, 400, /"invalid_query".*before: must not contain control characters/);
  });
});

describe("the forms (server actions' schemas)", () => {
  it.each([
    ["add: title", () => addSourceSchema.safeParse({ url: "https://a.example/feed", title: "a\u0000b", folder: "" })],
    ["add: folder", () => addSourceSchema.safeParse({ url: "https://a.example/feed", title: "", folder: "N\u0007" })],
    ["add: url", () => addSourceSchema.safeParse({ url: "https://a.example/\u0000", title: "", folder: "" })],
    [
      "edit: title",
      () =>
        editSourceSchema.safeParse({ id: "1", url: "https://a.example/f", title: "\u0000", folder: "", enabled: "on" }),
    ],
    [
      "import: folder",
      () =>
        importChunkSchema.safeParse({
          entries: [{ url: "https://a.example/f", title: null, folder: "\u0000", siteUrl: null }],
        }),
    ],
    ["user name", () => userNameSchema.safeParse("to\u0000m")],
    ["api password", () => apiCredentialsSchema.safeParse({ password: "long enough\u0000password" })],
    ["notify url", () => notifySettingsSchema.safeParse({ url: "https://ntfy.sh/\u0000topic", format: "ntfy" })],
  ])("%s with a control character is refused with the reason", (_, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(CONTROL_CHARACTER_MESSAGE);
  });

  it("edit: the source id is decimal", () => {
    const edit = (id: string) =>
      editSourceSchema.safeParse({ id, url: "https://a.example/f", title: "", folder: "", enabled: "on" }).success;
    expect([edit("12"), edit("0x1"), edit("1e1"), edit("")]).toEqual([true, false, false, false]);
  });
});
