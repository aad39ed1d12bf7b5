// The Google Reader API's writes of read state through the real route handlers against a real
// database (SQLite, or PostgreSQL with DATABASE_URL): edit-tag (a/r read, starred, kept-unread on
// many items, long and short ids) and mark-all-as-read (s, ts in µs, ms or s), as FreshRSS and
// Miniflux answer them. Every write goes through the store, so the unread counts stay exact and
// the web reader's own API sees it; every refusal changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { compareUnreadCounts, seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { KEPT_UNREAD, longItemId, READ, STARRED } from "@/tests/helpers/greader-ids";
import { callGReader, GREADER_HOST, openGReaderSession, type GReaderSession } from "@/tests/helpers/greader-client";
import * as listRoute from "@/app/api/articles/route";
import { createActionToken } from "@/lib/features/greader/protocol/auth-token";
import { readGReaderAccount } from "@/lib/features/greader/protocol/read-greader-account";
import { MAX_GREADER_BODY_BYTES } from "@/lib/features/greader/handle-greader-request";
import { starredAtOf, unreadCountOf } from "@/tests/helpers/reader-user";

const HOUR = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 5, 1);

let database: FreshDatabase;
let restore: () => Promise<void>;
let session: GReaderSession;
const source = { tech: 0, news: 0, loose: 0 };
const ids: Record<keyof typeof source, number[]> = { tech: [], news: [], loose: [] };
const all = () => [...ids.tech, ...ids.news, ...ids.loose];

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  source.tech = await seedSource(database.db, { title: "Tech", folder: "Reading" });
  source.news = await seedSource(database.db, { title: "News", folder: "Reading" });
  source.loose = await seedSource(database.db, { title: "Loose" });
  session = await openGReaderSession(database.db);
});

afterAll(async () => {
  await restore();
  await database.dispose();
});

// Every test starts from ten unread, unstarred articles per source, stored an hour apart.
beforeEach(async () => {
  await database.db.article.deleteMany();
  await database.db.source.updateMany({ data: { articleCount: 0 } });
  await database.db.subscription.updateMany({ data: { unreadCount: 0 } });
  for (const name of Object.keys(source) as (keyof typeof source)[]) {
    ids[name] = await seedArticles(
      database.db,
      source[name],
      Array.from({ length: 10 }, (_, n) => ({ title: `${name} ${n}`, publishedAt: new Date(BASE + n * HOUR) })),
    );
  }
  // firstSeenAt: when Tidings stored each article, an hour apart too (the seed stores them all now).
  for (const [index, id] of all().entries())
    await database.db.article.update({ where: { id }, data: { firstSeenAt: new Date(BASE + (index % 10) * HOUR) } });
});

async function states(): Promise<Map<number, { read: boolean; starred: boolean }>> {
  const rows = await database.db.article.findMany({
    select: { id: true, _count: { select: { unreadBy: true, starredBy: true } } },
  });
  return new Map(rows.map((row) => [row.id, { read: row._count.unreadBy === 0, starred: row._count.starredBy > 0 }]));
}

const readIds = async () =>
  [...(await states())]
    .filter(([, state]) => state.read)
    .map(([id]) => id)
    .sort((a, b) => a - b);
const starredIds = async () =>
  [...(await states())]
    .filter(([, state]) => state.starred)
    .map(([id]) => id)
    .sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

async function expectCountsExact(): Promise<void> {
  for (const row of await compareUnreadCounts(database.db))
    expect(row.stored, `source ${row.sourceId}`).toBe(row.counted);
}

/** The web reader's own list API: the unread ids it shows. */
async function readerUnreadIds(): Promise<number[]> {
  const response = await listRoute.GET(
    new Request(`http://${GREADER_HOST}/api/articles?unread=true&limit=100`, { headers: { host: GREADER_HOST } }),
  );
  return sorted(((await response.json()).items as { id: number }[]).map((item) => item.id));
}

const editTag = (form: Record<string, string | string[]>, options?: Parameters<GReaderSession["post"]>[2]) =>
  session.post("reader/api/0/edit-tag", form, options);
const markAll = (form: Record<string, string | string[]>, options?: Parameters<GReaderSession["post"]>[2]) =>
  session.post("reader/api/0/mark-all-as-read", form, options);

describe("edit-tag", () => {
  it("marks many items read, long and short ids alike, through the store: counts exact, the web reader agrees", async () => {
    const [a, b, c] = ids.tech;
    const answer = await editTag({ i: [longItemId(a!), String(b), longItemId(c!).slice(-16)], a: READ });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("OK");
    expect(await readIds()).toEqual(sorted([a!, b!, c!]));
    await expectCountsExact();
    expect(await unreadCountOf(database.db, source.tech)).toBe(7);
    expect(await readerUnreadIds()).toEqual(sorted(all().filter((id) => ![a, b, c].includes(id))));
    // Unread again with r=read; and marking what is already so changes no count.
    await editTag({ i: [String(a)], r: READ });
    await editTag({ i: [String(b)], a: READ });
    expect(await readIds()).toEqual(sorted([b!, c!]));
    await expectCountsExact();
  });

  it("reads kept-unread as unread: adding it marks unread, removing it marks read", async () => {
    const [a, b] = ids.news;
    await editTag({ i: [String(a), String(b)], a: READ });
    await editTag({ i: String(a), a: KEPT_UNREAD });
    expect(await readIds()).toEqual([b]);
    await editTag({ i: String(a), r: KEPT_UNREAD });
    expect(await readIds()).toEqual(sorted([a!, b!]));
    await expectCountsExact();
  });

  it("stars and unstars, keeping the first starring time, and sets read and starred in one call", async () => {
    const [a, b] = ids.loose;
    await editTag({ i: [String(a), String(b)], a: STARRED });
    const first = await starredAtOf(database.db, a!);
    await editTag({ i: String(a), a: [STARRED, READ] });
    expect(await starredAtOf(database.db, a!)).toEqual(first);
    expect(await starredIds()).toEqual(sorted([a!, b!]));
    expect(await readIds()).toEqual([a]);
    await editTag({ i: String(b), r: STARRED });
    expect(await starredIds()).toEqual([a]);
  });

  it("changes nothing for ids of no article, and says OK (an app may mark what is gone)", async () => {
    const answer = await editTag({ i: ["999999", longItemId(2_000_000_000), "-17"], a: READ });
    expect(answer.status).toBe(200);
    expect(await readIds()).toEqual([]);
  });
});

describe("edit-tag refusals change nothing", () => {
  const account = async () => (await readGReaderAccount(database.db, "tidings"))!;

  it.each([
    ["no ids", () => ({ a: READ })],
    [
      "a malformed id among good ones",
      () => ({ i: [String(ids.tech[0]), "tag:google.com,2005:reader/item/nothex0000000000"], a: READ }),
    ],
    ["no state to add or remove", () => ({ i: String(ids.tech[0]) })],
    ["a state added and removed", () => ({ i: String(ids.tech[0]), a: READ, r: READ })],
    ["read and kept-unread together", () => ({ i: String(ids.tech[0]), a: [READ, KEPT_UNREAD] })],
    ["starred added and removed", () => ({ i: String(ids.tech[0]), a: STARRED, r: STARRED })],
    ["a label (Tidings has no per-item labels)", () => ({ i: String(ids.tech[0]), a: "user/-/label/Later" })],
    ["the reading list", () => ({ i: String(ids.tech[0]), r: "user/-/state/com.google/reading-list" })],
    ["an unknown state", () => ({ i: String(ids.tech[0]), a: "user/-/state/com.google/like" })],
  ])("400 for %s", async (_name, form) => {
    const before = await states();
    const answer = await editTag(form());
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/^Bad Request: /);
    expect(await states()).toEqual(before);
  });

  it("401 with X-Reader-Google-Bad-Token for a missing or stale T; 401 without Auth", async () => {
    const form = { i: ids.tech.map(String), a: READ };
    const stale = createActionToken(await account(), new Date(Date.now() - 2 * 24 * HOUR));
    // "x" and "" are Reeder's and FeedMe's placeholders, taken as FreshRSS takes them (greader-auth.test.ts).
    for (const token of [null, stale, "y"]) {
      const answer = await editTag(form, { token });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("x-reader-google-bad-token")).toBe("true");
    }
    expect((await callGReader("reader/api/0/edit-tag", { form: { ...form, T: session.token } })).status).toBe(401);
    expect(await readIds()).toEqual([]);
  });

  it("400 for 100,000 ids, 413 for an oversize body", async () => {
    const many = await editTag({ i: Array.from({ length: 100_000 }, (_, n) => String(n + 1)), a: READ });
    expect(many.status).toBe(400);
    const huge = await editTag({ i: String(ids.tech[0]), a: READ, pad: "x".repeat(MAX_GREADER_BODY_BYTES) });
    expect(huge.status).toBe(413);
    expect(await readIds()).toEqual([]);
    await expectCountsExact();
  });

  it("405 for a GET", async () => {
    expect((await session.get("reader/api/0/edit-tag", { i: String(ids.tech[0]), a: READ })).status).toBe(405);
    expect(await readIds()).toEqual([]);
  });
});

describe("mark-all-as-read", () => {
  it("marks a feed, a label, the starred stream or the reading list, counts exact", async () => {
    expect(await (await markAll({ s: `feed/${source.news}` })).text()).toBe("OK");
    expect(await readIds()).toEqual(ids.news);
    await markAll({ s: "user/-/label/Reading" });
    expect(await readIds()).toEqual(sorted([...ids.tech, ...ids.news]));
    await editTag({ i: String(ids.loose[4]), a: STARRED });
    await markAll({ s: STARRED });
    expect(await readIds()).toEqual(sorted([...ids.tech, ...ids.news, ids.loose[4]!]));
    await markAll({ s: "user/-/state/com.google/reading-list" });
    expect(await readIds()).toEqual(sorted(all()));
    await expectCountsExact();
    expect(await readerUnreadIds()).toEqual([]);
  });

  it("spares articles stored after ts, in microseconds, milliseconds or seconds", async () => {
    // Articles 0-3 of each source were stored before BASE + 3.5 h.
    const cut = BASE + 3.5 * HOUR;
    const before = (list: number[]) => list.slice(0, 4);
    await markAll({ s: `feed/${source.tech}`, ts: `${cut}000` });
    expect(await readIds()).toEqual(before(ids.tech));
    await markAll({ s: `feed/${source.news}`, ts: String(cut) });
    await markAll({ s: `feed/${source.loose}`, ts: String(Math.floor(cut / 1000)) });
    expect(await readIds()).toEqual(sorted([...before(ids.tech), ...before(ids.news), ...before(ids.loose)]));
    await expectCountsExact();
  });

  it("refuses a missing or unknown stream (400), a folder or feed of none (404), a bad ts (400), no T (401): nothing changes", async () => {
    for (const [form, status] of [
      [{}, 400],
      [{ s: "user/-/state/com.google/like" }, 400],
      [{ s: "user/-/label/Nowhere" }, 404],
      [{ s: "feed/999999" }, 404],
      [{ s: "user/-/state/com.google/reading-list", ts: "yesterday" }, 400],
      [{ s: "user/-/state/com.google/reading-list", ts: "-5" }, 400],
    ] as const) {
      expect((await markAll(form)).status, JSON.stringify(form)).toBe(status);
    }
    const noToken = await markAll({ s: "user/-/state/com.google/reading-list" }, { token: null });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("x-reader-google-bad-token")).toBe("true");
    expect(await readIds()).toEqual([]);
  });
});
