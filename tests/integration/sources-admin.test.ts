import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startPublisher, feed, rssFeed, status, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { updateSource } from "@/lib/pipeline/store/sources/update-source";
import { editSource } from "@/lib/reads/sources/edit-source";
import { setSourceEnabled } from "@/lib/pipeline/store/sources/set-source-enabled";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";
import { readerId, subscriptionOf } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let publisher: Publisher;

const ITEMS = [
  { guid: "urn:a:2", title: "Two", link: "https://publisher.example/2", pubDate: "Tue, 02 Jan 2024 10:00:00 GMT" },
  { guid: "urn:a:1", title: "One", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
];

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher();
});
afterAll(async () => {
  await publisher.close();
  await database.dispose();
});
let reader = 0;
beforeEach(async () => {
  reader = await readerId(database.db);
  await database.db.source.deleteMany();
  await database.db.userFolder.deleteMany();
  publisher.clearRequests();
});

const run = () => runRound(database.db, testRoundSettings(), { trigger: "cli" });
const events = async (sourceId: number) =>
  (await database.db.sourceEvent.findMany({ where: { sourceId }, orderBy: { id: "asc" } })).map((event) => [
    event.kind,
    event.detail,
  ]);

describe("editing a source", () => {
  it("sets and clears the user's title, moves it between folders and drops a folder left empty", async () => {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://a.example/feed",
      title: "Feed's own",
      customTitle: null,
      folderName: "Old",
    });
    const other = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://b.example/feed",
      title: "B",
      customTitle: null,
      folderName: "Shared",
    });
    const now = new Date();

    expect(
      await updateSource(database.db, {
        userId: await readerId(database.db),
        sourceId: id,
        customTitle: "  Mine  ",
        folderName: "Shared",
        enabled: true,
        now,
      }),
    ).toEqual({ status: "saved", sourceId: id });
    let source = await subscriptionOf(database.db, id);
    expect([
      source.customTitle,
      (await database.db.source.findUniqueOrThrow({ where: { id } })).title,
      source.folderName,
    ]).toEqual(["Mine", "Feed's own", "Shared"]);
    expect((await database.db.userFolder.findMany()).map((folder) => folder.name)).toEqual(["Shared"]);

    await updateSource(database.db, {
      userId: await readerId(database.db),
      sourceId: id,
      customTitle: null,
      folderName: "Brand new",
      enabled: true,
      now,
    });
    source = await subscriptionOf(database.db, id);
    expect([source.customTitle, source.folderName]).toEqual([null, "Brand new"]);
    // "Shared" still holds the other source.
    expect((await database.db.userFolder.findMany({ orderBy: { name: "asc" } })).map((folder) => folder.name)).toEqual([
      "Brand new",
      "Shared",
    ]);

    await updateSource(database.db, {
      userId: await readerId(database.db),
      sourceId: id,
      customTitle: null,
      folderName: null,
      enabled: true,
      now,
    });
    expect((await subscriptionOf(database.db, id)).folderId).toBeNull();
    expect((await database.db.userFolder.findMany()).map((folder) => folder.name)).toEqual(["Shared"]);
    expect(await events(id)).toEqual([["added", "Subscribed to https://a.example/feed"]]);
    expect(await database.db.source.count({ where: { id: other } })).toBe(1);
  });

  it("says missing for a source that no longer exists", async () => {
    expect(
      await updateSource(database.db, {
        userId: await readerId(database.db),
        sourceId: 999_999,
        customTitle: null,
        folderName: null,
        enabled: true,
        now: new Date(),
      }),
    ).toEqual({ status: "missing" });
  });
});

describe("changing a source's feed address (the edit form)", () => {
  const edit = (sourceId: number, url: string, allowPrivateNetworks = true) =>
    editSource(
      database.db,
      { allowPrivateNetworks },
      { userId: reader, sourceId, url, customTitle: null, folderName: null, enabled: true, now: new Date() },
    );

  it("switches to the new address, forgets what the old one taught, records it, and the next round fetches it", async () => {
    publisher.setRoute("/old.xml", feed({ body: rssFeed({ items: ITEMS }), etag: '"old"' }));
    publisher.setRoute("/new.xml", feed({ body: rssFeed({ items: ITEMS }), etag: '"new"' }));
    const id = await addDueSource(database.db, publisher.url("/old.xml"));
    await run();
    expect((await database.db.source.findUniqueOrThrow({ where: { id } })).etag).toBe('"old"');
    // The old address had tripped the breaker: the new one must not inherit its record.
    await database.db.source.update({
      where: { id },
      data: {
        breakerState: "open",
        breakerChangedAt: new Date(),
        breakerCooldownSeconds: 86_400,
        consecutiveErrors: 9,
      },
    });

    expect(await edit(id, `  ${publisher.url("/new.xml")}  `)).toEqual({ status: "saved", sourceId: id });
    const source = await database.db.source.findUniqueOrThrow({ where: { id } });
    expect(source).toMatchObject({
      feedUrl: publisher.url("/new.xml"),
      etag: null,
      lastBodyHash: null,
      nextCheckReason: "feed address changed by you: fetched in the next round",
    });
    expect(source).toMatchObject({
      breakerState: "closed",
      breakerChangedAt: null,
      breakerCooldownSeconds: null,
      consecutiveErrors: 0,
    });
    expect(source.nextDueAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await events(id)).at(-1)).toEqual([
      "url_changed",
      `Changed by you: ${publisher.url("/old.xml")} → ${publisher.url("/new.xml")}`,
    ]);

    await run();
    const request = publisher.requestsTo("/new.xml")[0]!;
    // No validator of the old address is sent to the new one.
    expect(request.headers["if-none-match"]).toBeUndefined();
    expect((await database.db.source.findUniqueOrThrow({ where: { id } })).etag).toBe('"new"');
  });

  it("refuses, as `tidings add` does, an invalid address, one the SSRF guard blocks, and one already subscribed, saving nothing", async () => {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://a.example/feed",
      title: "A",
      customTitle: null,
      folderName: null,
    });
    const other = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://b.example/feed",
      title: "B",
      customTitle: "Bee",
      folderName: null,
    });
    expect(await edit(id, "ftp://a.example/feed")).toEqual({
      status: "error",
      fieldErrors: { url: ["scheme ftp: is not allowed (http and https only)"] },
    });
    const blocked = await edit(id, "http://127.0.0.1/feed", false);
    expect(blocked.status === "error" && blocked.fieldErrors.url?.[0]).toMatch(/127\.0\.0\.1|private|loopback/i);
    expect(await edit(id, "https://b.example/feed")).toEqual({
      status: "error",
      fieldErrors: { url: [`Already subscribed: Bee (source #${other})`] },
    });
    expect((await database.db.source.findUniqueOrThrow({ where: { id } })).feedUrl).toBe("https://a.example/feed");
    expect(await events(id)).toEqual([["added", "Subscribed to https://a.example/feed"]]);
    // The same address is no change at all, even where the guard would refuse it now.
    expect(await edit(id, "https://a.example/feed")).toEqual({ status: "saved", sourceId: id });
    const local = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "http://127.0.0.1:9/feed",
      title: "Local",
      customTitle: null,
      folderName: null,
    });
    expect(await edit(local, "http://127.0.0.1:9/feed", false)).toEqual({ status: "saved", sourceId: local });
    expect(await events(id)).toEqual([["added", "Subscribed to https://a.example/feed"]]);
  });
});

describe("disabling and enabling", () => {
  it("a disabled source is skipped by the next round (no request at all); re-enabled, it is fetched again at once", async () => {
    publisher.setRoute("/d.xml", feed({ body: rssFeed({ items: ITEMS }), etag: '"v1"' }));
    const id = await addDueSource(database.db, publisher.url("/d.xml"));
    await run();
    expect(publisher.requestsTo("/d.xml")).toHaveLength(1);

    const now = new Date();
    expect(await setSourceEnabled(database.db, { sourceId: id, enabled: false, now })).toEqual({
      changed: true,
      enabled: false,
    });
    let source = await database.db.source.findUniqueOrThrow({ where: { id } });
    expect([source.enabled, source.disabledReason, source.disabledAt?.getTime(), source.nextCheckReason]).toEqual([
      false,
      "user",
      now.getTime(),
      "disabled by you: not fetched until re-enabled",
    ]);
    await makeAllDue(database.db);
    const skipped = await run();
    expect(skipped).toEqual({ status: "skipped", reason: "no source is due" });
    expect(publisher.requestsTo("/d.xml")).toHaveLength(1);
    // Articles and validators are kept while disabled.
    expect(await database.db.article.count({ where: { sourceId: id } })).toBe(2);
    expect(source.etag).toBe('"v1"');

    expect(await setSourceEnabled(database.db, { sourceId: id, enabled: false, now })).toEqual({
      changed: false,
      enabled: false,
    });
    expect(await setSourceEnabled(database.db, { sourceId: id, enabled: true, now: new Date() })).toEqual({
      changed: true,
      enabled: true,
    });
    source = await database.db.source.findUniqueOrThrow({ where: { id } });
    expect([
      source.enabled,
      source.disabledReason,
      source.disabledAt,
      source.nextDueAt.getTime() <= Date.now(),
    ]).toEqual([true, null, null, true]);
    await run();
    expect(publisher.requestsTo("/d.xml")).toHaveLength(2);
    expect(publisher.requestsTo("/d.xml")[1]!.headers["if-none-match"]).toBe('"v1"');
    expect((await events(id)).map(([kind]) => kind)).toEqual(["added", "disabled", "enabled"]);
  });

  it("re-enabling a source Tidings disabled after 410 Gone says so, and resets its breaker and error count", async () => {
    publisher.setRoute("/gone.xml", status(410));
    const id = await addDueSource(database.db, publisher.url("/gone.xml"));
    await run();
    let source = await database.db.source.findUniqueOrThrow({ where: { id } });
    expect([source.enabled, source.disabledReason]).toEqual([false, "gone"]);
    await database.db.source.update({
      where: { id },
      data: { breakerState: "open", consecutiveErrors: 6, breakerCooldownSeconds: 7200 },
    });

    await setSourceEnabled(database.db, { sourceId: id, enabled: true, now: new Date() });
    source = await database.db.source.findUniqueOrThrow({ where: { id } });
    expect([
      source.enabled,
      source.breakerState,
      source.consecutiveErrors,
      source.breakerCooldownSeconds,
      source.nextCheckReason,
    ]).toEqual([true, "closed", 0, null, "re-enabled: fetched in the next round"]);
    expect((await events(id)).slice(-2)).toEqual([
      ["enabled", "Re-enabled by you (it had been disabled after HTTP 410 Gone)"],
      ["breaker_closed", "Breaker reset on re-enable"],
    ]);
  });

  it("the edit form's save toggles the state with its history, like the button", async () => {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: "https://e.example/feed",
      title: "E",
      customTitle: null,
      folderName: null,
    });
    await updateSource(database.db, {
      userId: await readerId(database.db),
      sourceId: id,
      customTitle: null,
      folderName: null,
      enabled: false,
      now: new Date(),
    });
    await updateSource(database.db, {
      userId: await readerId(database.db),
      sourceId: id,
      customTitle: null,
      folderName: null,
      enabled: false,
      now: new Date(),
    });
    expect((await events(id)).map(([kind]) => kind)).toEqual(["added", "disabled"]);
  });

  it("returns null for an unknown source", async () => {
    expect(await setSourceEnabled(database.db, { sourceId: 999_999, enabled: false, now: new Date() })).toBeNull();
  });
});

describe("removing a source", () => {
  it("deletes its articles, fetch log, roll-ups and history with it, and nothing of other sources", async () => {
    publisher.setRoute("/r.xml", feed({ body: rssFeed({ items: ITEMS }) }));
    publisher.setRoute(
      "/keep.xml",
      feed({ body: rssFeed({ items: [{ guid: "urn:k", title: "K", link: "https://publisher.example/k" }] }) }),
    );
    const id = await addDueSource(database.db, publisher.url("/r.xml"));
    const alone = await database.db.userFolder.create({ data: { userId: reader, name: "Alone" } });
    await database.db.subscription.updateMany({ where: { sourceId: id }, data: { folderId: alone.id } });
    const keep = await addDueSource(database.db, publisher.url("/keep.xml"));
    await run();

    expect(await removeSource(database.db, { userId: await readerId(database.db), sourceId: id })).toEqual({
      title: "Sample feed",
      articles: 2,
    });
    for (const count of [
      database.db.source.count({ where: { id } }),
      database.db.article.count({ where: { sourceId: id } }),
      database.db.fetch.count({ where: { sourceId: id } }),
      database.db.fetchDaily.count({ where: { sourceId: id } }),
      database.db.sourceEvent.count({ where: { sourceId: id } }),
      database.db.userFolder.count({ where: { name: "Alone" } }),
    ]) {
      expect(await count).toBe(0);
    }
    expect(await database.db.article.count({ where: { sourceId: keep } })).toBe(1);
    expect(await database.db.fetch.count({ where: { sourceId: keep } })).toBe(1);
    expect(await removeSource(database.db, { userId: await readerId(database.db), sourceId: id })).toBeNull();
  });
});
