// Retention of read articles against a real database (SQLite, or PostgreSQL with DATABASE_URL)
// and a real local publisher: exactly the read, unstarred articles past their source's window
// go, in bounded batches, with the counts kept right; a feed still carrying a removed item does
// not bring it back; SQLite gives the room back.
import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rssFeed, type RssItem } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { testingPostgres } from "@/tests/helpers/fresh-database";
import { runRound } from "@/lib/pipeline/round/run-round";
import { runRetention } from "@/lib/pipeline/store/retention/run-retention";
import { parseRetentionRun } from "@/lib/pipeline/store/retention/retention-run";
import { readSetting } from "@/lib/settings/setting-store";
import { measureDatabaseSize } from "@/lib/db/database-space";
import { sqliteFileOf } from "@/lib/db/client";
import { editSourceSchema } from "@/lib/reads/sources/form-schemas";
import { editSource } from "@/lib/reads/sources/edit-source";
import Database from "better-sqlite3";
import { markSourceRead, readerId, unreadCountOf } from "@/tests/helpers/reader-user";
import { updateArticleState } from "@/lib/pipeline/store/reading/article-state";

const world = setUpRoundWorld();
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();
const run = () => runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
const items = (prefix: string, count: number): RssItem[] =>
  Array.from({ length: count }, (_, n) => ({
    guid: `urn:${prefix}:${n}`,
    title: `${prefix} ${n}`,
    link: `https://publisher.example/${prefix}/${n}`,
    description: `<p>${"words ".repeat(400)}</p>`,
  }));

/** Subscribes to a feed of `count` items through a real round; returns the source id. */
async function subscribeWith(path: string, prefix: string, count: number, retentionDays: number | null) {
  world.publisher.setRoute(path, feed({ body: rssFeed({ items: items(prefix, count) }) }));
  const id = await addDueSource(world.database.db, world.publisher.url(path));
  await world.database.db.source.update({ where: { id }, data: { retentionDays } });
  await run();
  return id;
}

/** Sets an article's state and how long ago Tidings stored it. */
async function age(sourceId: number, guid: string, state: { daysAgo: number; read: boolean; starred?: boolean }) {
  const db = world.database.db;
  const article = await db.article.findFirstOrThrow({ where: { sourceId, guid } });
  await db.article.update({
    where: { id: article.id },
    data: { firstSeenAt: new Date(NOW.getTime() - state.daysAgo * DAY) },
  });
  const userId = await readerId(db);
  await updateArticleState(db, { userId, id: article.id, read: state.read, starred: state.starred ?? false, now: NOW });
}

const countSearchRows = async () =>
  Number(
    (
      await world.database.db.$queryRawUnsafe<{ n: number | bigint }[]>('SELECT COUNT(*) AS "n" FROM "ArticleSearch"')
    )[0]!.n,
  );

const guidsOf = async (sourceId: number) =>
  (
    await world.database.db.article.findMany({ where: { sourceId }, orderBy: { guid: "asc" }, select: { guid: true } })
  ).map((row) => row.guid);

describe("retention", () => {
  it("removes exactly the read, unstarred articles past each source's window, in bounded batches", async () => {
    const byDefault = await subscribeWith("/default.xml", "d", 7, null);
    const forever = await subscribeWith("/forever.xml", "f", 2, 0);
    const short = await subscribeWith("/short.xml", "s", 3, 10);
    for (const n of [0, 1, 2]) await age(byDefault, `urn:d:${n}`, { daysAgo: 61, read: true }); // go
    await age(byDefault, "urn:d:3", { daysAgo: 61, read: true, starred: true }); // starred: kept
    await age(byDefault, "urn:d:4", { daysAgo: 61, read: false }); // unread: kept
    await age(byDefault, "urn:d:5", { daysAgo: 59, read: true }); // within 60 days: kept
    await age(forever, "urn:f:0", { daysAgo: 400, read: true }); // this source keeps everything
    await age(short, "urn:s:0", { daysAgo: 11, read: true }); // past its own 10 days: goes
    await age(short, "urn:s:1", { daysAgo: 9, read: true }); // kept
    const unreadBefore = await world.database.db.subscription.findMany({
      select: { sourceId: true, unreadCount: true },
    });

    const report = await runRetention(world.database.db, NOW, { installationDays: 60, batchSize: 2, pauseMs: 0 });

    expect(report).toMatchObject({ removed: 4, sources: 2, batches: 3, installationDays: 60 });
    expect(await guidsOf(byDefault)).toEqual(["urn:d:3", "urn:d:4", "urn:d:5", "urn:d:6"]);
    expect(await guidsOf(forever)).toEqual(["urn:f:0", "urn:f:1"]);
    expect(await guidsOf(short)).toEqual(["urn:s:1", "urn:s:2"]);
    // The counts the sidebar and the Fever API read follow exactly; unread counts do not move.
    for (const source of await world.database.db.source.findMany()) {
      expect(source.articleCount, `source ${source.id}`).toBe(
        await world.database.db.article.count({ where: { sourceId: source.id } }),
      );
      expect(await unreadCountOf(world.database.db, source.id)).toBe(
        unreadBefore.find((row) => row.sourceId === source.id)!.unreadCount,
      );
    }
    expect(await world.database.db.removedArticle.count()).toBe(4);
    // SQLite's search index (kept by triggers) lost the removed articles too.
    if (!testingPostgres()) expect(await countSearchRows()).toBe(await world.database.db.article.count());
    const stored = parseRetentionRun(await readSetting(world.database.db, "retentionLastRun"));
    expect(stored).toMatchObject({ removed: 4, sources: 2, batches: 3 });
    if (testingPostgres()) expect(stored!.reclaimedBytes).toBeNull();
    else expect(stored!.reclaimedBytes).toBeGreaterThanOrEqual(0);

    // A second run finds nothing more, and says so.
    expect(await runRetention(world.database.db, NOW, { installationDays: 60, pauseMs: 0 })).toMatchObject({
      removed: 0,
      reclaimedBytes: null,
    });
  });

  it("does not let a feed that still carries a removed item bring it back as new", async () => {
    const id = await subscribeWith("/still.xml", "k", 3, null);
    await age(id, "urn:k:0", { daysAgo: 90, read: true });
    await runRetention(world.database.db, NOW, { installationDays: 60, pauseMs: 0 });
    expect(await guidsOf(id)).toEqual(["urn:k:1", "urn:k:2"]);
    // The feed changes (one new item) while still listing the removed one.
    world.publisher.setRoute("/still.xml", feed({ body: rssFeed({ items: [...items("k", 3), ...items("new", 1)] }) }));
    await makeAllDue(world.database.db);
    await run();
    expect(await guidsOf(id)).toEqual(["urn:k:1", "urn:k:2", "urn:new:0"]);
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id } });
    expect([source.articleCount, await unreadCountOf(world.database.db, id)]).toEqual([3, 3]);
  });

  it("takes a source's own number of days from its edit form, refusing what is no number of days", async () => {
    const id = await subscribeWith("/own.xml", "w", 1, null);
    const form = (retentionDays: string) =>
      editSourceSchema.safeParse({
        id: String(id),
        url: world.publisher.url("/own.xml"),
        title: "",
        folder: "",
        retentionDays,
        enabled: "on",
      });
    for (const bad of ["-1", "ten", "1.5", "99999999"]) expect(form(bad).success, bad).toBe(false);
    const empty = form("");
    expect(empty.success && empty.data.retentionDays).toBeNull();
    const parsed = form(" 10 ");
    expect(parsed.success && parsed.data.retentionDays).toBe(10);
    const saved = await editSource(
      world.database.db,
      { allowPrivateNetworks: true },
      {
        userId: await readerId(world.database.db),
        sourceId: id,
        url: world.publisher.url("/own.xml"),
        customTitle: null,
        folderName: null,
        enabled: true,
        retentionDays: 10,
        now: NOW,
      },
    );
    expect(saved).toMatchObject({ status: "saved" });
    expect((await world.database.db.source.findUniqueOrThrow({ where: { id } })).retentionDays).toBe(10);
  });

  it("keeps everything when the installation's window is 0", async () => {
    const id = await subscribeWith("/zero.xml", "z", 2, null);
    await age(id, "urn:z:0", { daysAgo: 3650, read: true });
    expect(await runRetention(world.database.db, NOW, { installationDays: 0, pauseMs: 0 })).toMatchObject({
      removed: 0,
    });
    expect(await guidsOf(id)).toEqual(["urn:z:0", "urn:z:1"]);
    // A removed source takes its articles with it (cascade), and their search rows with them.
    await world.database.db.source.delete({ where: { id } });
    if (!testingPostgres()) expect(await countSearchRows()).toBe(0);
  });

  it.skipIf(testingPostgres())(
    "gives SQLite's freed pages back to the file system (incremental auto-vacuum)",
    async () => {
      const id = await subscribeWith("/big.xml", "b", 200, null);
      const before = await measureDatabaseSize(world.database.db);
      await world.database.db.article.updateMany({
        where: { sourceId: id },
        data: { firstSeenAt: new Date(NOW.getTime() - 100 * DAY) },
      });
      await markSourceRead(world.database.db, id);
      const report = await runRetention(world.database.db, NOW, { installationDays: 60, pauseMs: 0 });
      expect(report.removed).toBe(200);
      expect(report.switchedToIncremental).toBe(false); // a new database is incremental from its first table
      expect(report.reclaimedBytes).toBeGreaterThan(100 * 1024);
      const after = await measureDatabaseSize(world.database.db);
      expect(after.bytes).toBeLessThan(before.bytes);
      expect(after.freeBytes).toBeLessThan(64 * 1024);
    },
  );

  it.skipIf(testingPostgres())(
    "switches an older SQLite file to incremental auto-vacuum once, with one VACUUM",
    async () => {
      const file = sqliteFileOf(world.database.db)!;
      const raw = new Database(file);
      raw.exec("PRAGMA auto_vacuum = NONE; VACUUM");
      expect(raw.pragma("auto_vacuum", { simple: true })).toBe(0);
      raw.close();
      const id = await subscribeWith("/old.xml", "o", 50, null);
      await world.database.db.article.updateMany({
        where: { sourceId: id },
        data: { firstSeenAt: new Date(NOW.getTime() - 100 * DAY) },
      });
      await markSourceRead(world.database.db, id);
      const report = await runRetention(world.database.db, NOW, { installationDays: 60, pauseMs: 0 });
      expect(report).toMatchObject({ removed: 50, switchedToIncremental: true });
      const reopened = new Database(file, { readonly: true });
      expect(reopened.pragma("auto_vacuum", { simple: true })).toBe(2);
      reopened.close();
    },
  );

  it.runIf(testingPostgres())("reports the size of this installation's schema on PostgreSQL", async () => {
    const size = await measureDatabaseSize(world.database.db);
    expect(size.bytes).toBeGreaterThan(100 * 1024);
    expect(size.freeBytes).toBeNull();
  });
});
