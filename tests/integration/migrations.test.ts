import { mkdtempSync, mkdirSync, writeFileSync, cpSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyTarget } from "@/tests/helpers/fresh-database";
import { runMigrations, MigrationError } from "@/lib/db/migrate/run-migrations";
import { closePrismaClient, createPrismaClient } from "@/lib/db/client";
import { migrationsRoot, readMigrationFiles } from "@/lib/db/migrate/migration-files";
import { buildRankedMatchesSql, buildSearchSql } from "@/lib/db/search-sql";
import { querySql } from "@/lib/db/query-sql";
import { Prisma } from "@/lib/generated/sqlite";
import { driftBucketMs, driftHour } from "@/lib/pipeline/store/fetch/drift-rollup";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function emptyTarget() {
  const empty = createEmptyTarget();
  cleanups.push(empty.drop);
  return empty;
}

/** A copy of the real migrations plus one extra migration with the given SQL. */
function migrationsWithExtra(provider: string, name: string, sql: string): string {
  const root = mkdtempSync(path.join(tmpdir(), "tidings-migrations-"));
  cpSync(migrationsRoot(), root, { recursive: true });
  mkdirSync(path.join(root, provider, name), { recursive: true });
  writeFileSync(path.join(root, provider, name, "migration.sql"), sql);
  return root;
}

/** A copy of the real migrations without the ones after `last` (a database of an older version). */
function migrationsUpTo(last: string): string {
  const root = mkdtempSync(path.join(tmpdir(), "tidings-migrations-"));
  cpSync(migrationsRoot(), root, { recursive: true });
  for (const provider of ["sqlite", "postgresql"]) {
    for (const name of readdirSync(path.join(root, provider)))
      if (name > last) rmSync(path.join(root, provider, name), { recursive: true });
  }
  return root;
}

/** A database migrated up to `last`, with one source; the caller closes `before`. */
async function sourceBefore(last: string) {
  const { target } = emptyTarget();
  await runMigrations(target, { migrationsRoot: migrationsUpTo(last) });
  const at = new Date(Date.UTC(2026, 10, 2, 3));
  const before = createPrismaClient(target);
  const [row] = await querySql<{ id: number }>(
    before,
    target.provider,
    Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES ('http://127.0.0.1/feed', 'feed', ${at}) RETURNING "id"`,
  );
  return { target, before, at, sourceId: Number(row!.id) };
}

describe("the migration runner", () => {
  it("applies every migration once and is idempotent", async () => {
    const { target } = emptyTarget();
    const names = readMigrationFiles(target.provider).map((file) => file.name);
    expect(names.slice(0, 2)).toEqual(["0001_init", "0002_round_interrupted"]);
    // Full-text search's index exists only on PostgreSQL (SQLite searches with LIKE).
    expect(names.includes("0003_article_search")).toBe(target.provider === "postgresql");
    const first = await runMigrations(target);
    expect(first.applied).toEqual(names);
    const second = await runMigrations(target);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toBe(names.length);
  });

  it("upgrades a database with data without losing a row or a reference, and finds its old articles", async () => {
    const { target } = emptyTarget();
    await runMigrations(target, { migrationsRoot: migrationsUpTo("0001_init") });
    const before = createPrismaClient(target);
    try {
      // `select: { id }` everywhere: today's client must not ask the old schema for later columns.
      // Raw SQL: today's client would also write columns with defaults that 0001 lacks (articleCount, laneWaitMs).
      const then = target.provider === "sqlite" ? "1764460800000" : "now()";
      const [source] = await before.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES ('http://127.0.0.1/feed', 'Feed', ${then}) RETURNING "id"`,
      );
      const round = await before.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO "Round" ("startedAt", "trigger", "instanceId", "okCount") VALUES (${then}, 'cli', 'old', 1) RETURNING "id"`,
      );
      await before.$executeRawUnsafe(
        `INSERT INTO "Fetch" ("sourceId", "roundId", "startedAt", "durationMs", "outcome", "httpStatus") VALUES (${Number(source!.id)}, ${Number(round[0]!.id)}, ${then}, 5, 'ok', 200)`,
      );
      await before.article.create({
        select: { id: true },
        data: {
          sourceId: Number(source!.id),
          dedupeKey: "guid:old",
          title: "Written before search",
          content: "<p>Ownership rules</p>",
          publishedAt: new Date(),
          contentHash: "h",
        },
      });
    } finally {
      await closePrismaClient(before);
    }
    // SQLite rebuilds the Round table in 0002; PostgreSQL also indexes the existing articles.
    expect((await runMigrations(target)).applied).toEqual(
      readMigrationFiles(target.provider)
        .map((file) => file.name)
        .slice(1),
    );
    const after = createPrismaClient(target);
    try {
      const fetch = await after.fetch.findFirstOrThrow({ include: { round: true } });
      expect(fetch.round).toMatchObject({
        instanceId: "old",
        okCount: 1,
        interrupted: false,
        leftForBudget: 0,
        leftForHostHold: 0,
      });
      // A fetch from before 0011: no parse time or drift known, no lane wait.
      expect(fetch).toMatchObject({ durationMs: 5, parseMs: null, laneWaitMs: 0, driftMs: null });
      const found = await querySql<{ title: string }>(
        after,
        target.provider,
        Prisma.sql`SELECT "title" FROM "Article" WHERE ${buildSearchSql("ownership", target.provider)}`,
      );
      expect(found).toEqual([{ title: "Written before search" }]);
      // 0014 counts the articles stored before it (the Fever API's total_items sums these counts).
      expect((await after.source.findFirstOrThrow({ select: { articleCount: true } })).articleCount).toBe(1);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("keeps every read and star state, folder, custom title and pause of the previous release as its first admin's (0036, 0037)", async () => {
    const { target } = emptyTarget();
    await runMigrations(target, { migrationsRoot: migrationsUpTo("0035_fetch_drift_rollup") });
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 20, hours));
    const before = createPrismaClient(target);
    const ids: Record<string, number> = {};
    try {
      // Raw SQL throughout: today's client knows neither Folder nor the columns 0037 drops.
      const insert = async (name: string, statement: Prisma.Sql) => {
        const [row] = await querySql<{ id: number }>(before, target.provider, statement);
        ids[name] = Number(row!.id);
      };
      await querySql(
        before,
        target.provider,
        Prisma.sql`INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES ('api_user', 'ada', ${at(0)}) RETURNING "key"`,
      );
      await insert("news", Prisma.sql`INSERT INTO "Folder" ("name", "position") VALUES ('News', 2) RETURNING "id"`);
      const source = (
        feedUrl: string,
        customTitle: string | null,
        folderId: number | null,
        enabled: boolean,
        reason: string | null,
      ) =>
        Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "customTitle", "folderId", "enabled", "disabledReason", "unreadCount", "articleCount", "updatedAt")
          VALUES (${feedUrl}, 'Feed title', ${customTitle}, ${folderId}, ${enabled}, ${reason}, 0, 0, ${at(0)}) RETURNING "id"`;
      await insert("titled", source("http://127.0.0.1/titled", "Mine", ids.news!, true, null));
      await insert("paused", source("http://127.0.0.1/paused", null, null, false, "user"));
      await insert("gone", source("http://127.0.0.1/gone", null, null, false, "gone"));
      const article = (sourceId: number, key: string, readAt: Date | null, starredAt: Date | null) =>
        Prisma.sql`INSERT INTO "Article" ("sourceId", "dedupeKey", "title", "content", "searchText", "publishedAt", "contentHash", "readAt", "starredAt")
          VALUES (${sourceId}, ${key}, ${`Walnut ${key}`}, '<p>x</p>', ${`walnut ${key}`}, ${at(1)}, ${key}, ${readAt}, ${starredAt}) RETURNING "id"`;
      await insert("read", article(ids.titled!, "read", at(2), null));
      await insert("unreadStarred", article(ids.titled!, "unread-starred", null, at(3)));
      await insert("unread", article(ids.titled!, "unread", null, null));
      await insert("readStarred", article(ids.paused!, "read-starred", at(2), at(4)));
      await querySql(
        before,
        target.provider,
        Prisma.sql`UPDATE "Source" SET "unreadCount" = 2 WHERE "id" = ${ids.titled!} RETURNING "id"`,
      );
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const [user, ...others] = await after.user.findMany({ select: { id: true, name: true, role: true } });
      expect(others).toEqual([]);
      expect(user).toMatchObject({ name: "ada", role: "admin" });
      const subscriptions = await after.subscription.findMany({
        orderBy: { sourceId: "asc" },
        select: {
          sourceId: true,
          customTitle: true,
          paused: true,
          unreadCount: true,
          folder: { select: { name: true, position: true } },
        },
      });
      expect(subscriptions).toEqual([
        {
          sourceId: ids.titled,
          customTitle: "Mine",
          paused: false,
          unreadCount: 2,
          folder: { name: "News", position: 2 },
        },
        { sourceId: ids.paused, customTitle: null, paused: true, unreadCount: 0, folder: null },
        { sourceId: ids.gone, customTitle: null, paused: false, unreadCount: 0, folder: null },
      ]);
      const unread = await after.unreadArticle.findMany({
        orderBy: { articleId: "asc" },
        select: { userId: true, articleId: true },
      });
      expect(unread).toEqual([
        { userId: user!.id, articleId: ids.unreadStarred },
        { userId: user!.id, articleId: ids.unread },
      ]);
      const starred = await after.starredArticle.findMany({
        orderBy: { articleId: "asc" },
        select: { articleId: true, starredAt: true },
      });
      expect(starred).toEqual([
        { articleId: ids.unreadStarred, starredAt: at(3) },
        { articleId: ids.readStarred, starredAt: at(4) },
      ]);
      // The sources keep their own state: paused by the user, gone by the publisher.
      expect(
        await after.source.findMany({ orderBy: { id: "asc" }, select: { enabled: true, disabledReason: true } }),
      ).toEqual([
        { enabled: true, disabledReason: null },
        { enabled: false, disabledReason: "user" },
        { enabled: false, disabledReason: "gone" },
      ]);
      // Search reads the articles from before (and, on SQLite, its triggers survived DROP COLUMN).
      await after.article.create({
        data: {
          sourceId: ids.titled!,
          dedupeKey: "new",
          title: "Walnut new",
          content: "<p>y</p>",
          searchText: "walnut new",
          publishedAt: at(5),
          contentHash: "new",
        },
      });
      const found = await querySql<{ title: string }>(
        after,
        target.provider,
        Prisma.sql`SELECT "title" FROM "Article" WHERE ${buildSearchSql("walnut", target.provider)} ORDER BY "id"`,
      );
      expect(found.map((row) => row.title)).toEqual([
        "Walnut read",
        "Walnut unread-starred",
        "Walnut unread",
        "Walnut read-starred",
        "Walnut new",
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("dates the run of each source already failing from the fetch log when failingSince arrives (0010)", async () => {
    const { target } = emptyTarget();
    await runMigrations(target, { migrationsRoot: migrationsUpTo("0009_refused_body_limit") });
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 30, hours));
    const before = createPrismaClient(target);
    const ids: number[] = [];
    try {
      // Raw SQL throughout: today's client would also write columns that later migrations add
      // (Source.articleCount, Fetch.laneWaitMs).
      const create = async (feedUrl: string, consecutiveErrors: number, lastSuccessAt: Date | null) => {
        const [row] = await querySql<{ id: number }>(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "consecutiveErrors", "lastSuccessAt", "lastFetchedAt", "updatedAt") VALUES (${feedUrl}, ${feedUrl}, ${consecutiveErrors}, ${lastSuccessAt}, ${at(9)}, ${at(9)}) RETURNING "id"`,
        );
        ids.push(Number(row!.id));
        return ids.at(-1)!;
      };
      const logged = await create("http://127.0.0.1/logged", 2, at(1));
      const fetched = (sourceId: number, hours: number, outcome: string, errorKind: string | null) =>
        querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "Fetch" ("sourceId", "startedAt", "durationMs", "outcome", "errorKind") VALUES (${sourceId}, ${at(hours)}, 5, ${outcome}, ${errorKind})`,
        );
      // An error before the last success, the success, our own database's error, then the run.
      await fetched(logged, 0, "error", "http_5xx");
      await fetched(logged, 1, "ok", null);
      await fetched(logged, 2, "error", "database");
      await fetched(logged, 3, "error", "http_5xx");
      await fetched(logged, 4, "error", "timeout");
      await create("http://127.0.0.1/pruned", 4, at(1));
      await fetched(await create("http://127.0.0.1/healthy", 0, at(5)), 3, "error", "http_5xx");
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const rows = await after.source.findMany({ orderBy: { id: "asc" }, select: { id: true, failingSince: true } });
      expect(rows).toEqual([
        { id: ids[0], failingSince: at(3) },
        // Its log pruned: the last fetch is the earliest date known.
        { id: ids[1], failingSince: at(9) },
        { id: ids[2], failingSince: null },
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("counts the caching evidence of the fetch log kept into the daily roll-ups (0022)", async () => {
    const { target } = emptyTarget();
    await runMigrations(target, { migrationsRoot: migrationsUpTo("0020_setting_key_style") });
    const at = (day: number, hours: number) => new Date(Date.UTC(2026, 10, day, hours));
    const before = createPrismaClient(target);
    let sourceId = 0;
    try {
      const [row] = await querySql<{ id: number }>(
        before,
        target.provider,
        Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES ('http://127.0.0.1/feed', 'feed', ${at(1, 0)}) RETURNING "id"`,
      );
      sourceId = Number(row!.id);
      const fetched = (day: number, hours: number, outcome: string, bodyUnchanged: boolean, etag: string | null) =>
        querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "Fetch" ("sourceId", "startedAt", "durationMs", "outcome", "conditional", "bodyUnchanged", "etagReceived") VALUES (${sourceId}, ${at(day, hours)}, 5, ${outcome}, ${day > 1 || hours > 0}, ${bodyUnchanged}, ${etag})`,
        );
      // Every request after the first sends a validator. Day 1: the first full response, a 304, the same feed under a new ETag (churn).
      await fetched(1, 0, "ok", false, '"v1"');
      await fetched(1, 1, "not_modified", false, null);
      await fetched(1, 2, "ok", true, '"v2"');
      // Day 2: the same feed under the same ETag (resent), a changed feed, an error (no evidence).
      await fetched(2, 0, "ok", true, '"v2"');
      await fetched(2, 1, "ok", false, '"v3"');
      await fetched(2, 2, "error", true, null);
      for (const day of ["2026-11-01", "2026-11-02"])
        await querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "FetchDaily" ("sourceId", "day", "ok") VALUES (${sourceId}, ${day}, 2)`,
        );
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const days = await after.fetchDaily.findMany({
        where: { sourceId },
        orderBy: { day: "asc" },
        select: { day: true, answered304: true, churned: true, resent: true, changed: true },
      });
      expect(days).toEqual([
        { day: "2026-11-01", answered304: 1, churned: 1, resent: 0, changed: 0 },
        { day: "2026-11-02", answered304: 0, churned: 0, resent: 1, changed: 1 },
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("moves the page and icon requests into the fetch log with their kinds, the feed's rows kept (0023)", async () => {
    const { target } = emptyTarget();
    await runMigrations(target, { migrationsRoot: migrationsUpTo("0022_caching_evidence_rollups") });
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 1, hours));
    const before = createPrismaClient(target);
    let sourceId = 0;
    let articleId = 0;
    try {
      const insert = async (statement: Prisma.Sql) =>
        Number((await querySql<{ id: number }>(before, target.provider, statement))[0]!.id);
      sourceId = await insert(
        Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES ('http://127.0.0.1/feed', 'feed', ${at(0)}) RETURNING "id"`,
      );
      articleId = await insert(
        Prisma.sql`INSERT INTO "Article" ("sourceId", "dedupeKey", "title", "publishedAt", "contentHash") VALUES (${sourceId}, 'k', 'story', ${at(0)}, 'h') RETURNING "id"`,
      );
      await insert(
        Prisma.sql`INSERT INTO "Fetch" ("sourceId", "startedAt", "durationMs", "outcome", "bytesReceived") VALUES (${sourceId}, ${at(1)}, 5, 'ok', 100) RETURNING "id"`,
      );
      await insert(
        Prisma.sql`INSERT INTO "PageFetch" ("sourceId", "articleId", "kind", "url", "startedAt", "durationMs", "laneWaitMs", "outcome", "httpStatus", "bytesReceived", "manual", "detail") VALUES (${sourceId}, ${articleId}, 'page', 'http://127.0.0.1/story', ${at(2)}, 7, 3, 'error', 500, 40, true, 'HTTP 500') RETURNING "id"`,
      );
      await insert(
        Prisma.sql`INSERT INTO "PageFetch" ("sourceId", "kind", "url", "startedAt", "durationMs", "outcome", "httpStatus", "bytesReceived", "conditional") VALUES (${sourceId}, 'icon', 'http://127.0.0.1/favicon.ico', ${at(3)}, 9, 'not_modified', 304, 0, true) RETURNING "id"`,
      );
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const rows = await after.fetch.findMany({
        where: { sourceId },
        orderBy: { startedAt: "asc" },
        select: {
          kind: true,
          url: true,
          articleId: true,
          outcome: true,
          httpStatus: true,
          bytesReceived: true,
          laneWaitMs: true,
          conditional: true,
          manual: true,
          detail: true,
        },
      });
      const common = { laneWaitMs: 0, conditional: false, manual: false, detail: null };
      expect(rows).toEqual([
        { ...common, kind: "feed", url: null, articleId: null, outcome: "ok", httpStatus: null, bytesReceived: 100 },
        {
          ...common,
          kind: "page",
          url: "http://127.0.0.1/story",
          articleId,
          outcome: "error",
          httpStatus: 500,
          bytesReceived: 40,
          laneWaitMs: 3,
          manual: true,
          detail: "HTTP 500",
        },
        {
          ...common,
          kind: "icon",
          url: "http://127.0.0.1/favicon.ico",
          articleId: null,
          outcome: "not_modified",
          httpStatus: 304,
          bytesReceived: 0,
          conditional: true,
        },
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("cuts titles and authors stored before the text lengths to them (0015)", async () => {
    const { target } = emptyTarget();
    await runMigrations(target, { migrationsRoot: migrationsUpTo("0014_source_article_count") });
    const huge = "Ü".repeat(300_000);
    const before = createPrismaClient(target);
    try {
      const [row] = await querySql<{ id: number }>(
        before,
        target.provider,
        Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES (${"http://127.0.0.1/heavy"}, ${huge}, ${new Date()}) RETURNING "id"`,
      );
      const sourceId = Number(row!.id);
      for (const [key, title, author] of [
        ["heavy", huge, huge],
        ["light", "A normal title", "Ann"],
      ])
        await querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "Article" ("sourceId", "dedupeKey", "contentHash", "title", "author", "publishedAt", "firstSeenAt", "updatedAt") VALUES (${sourceId}, ${key}, ${key}, ${title}, ${author}, ${new Date()}, ${new Date()}, ${new Date()})`,
        );
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const source = await after.source.findFirstOrThrow();
      expect([source.title.length, source.title.endsWith("Ü…")]).toEqual([200, true]);
      const articles = await after.article.findMany({ orderBy: { id: "asc" }, select: { title: true, author: true } });
      expect(articles.map((article) => [article.title.length, article.author?.length])).toEqual([
        [500, 200],
        [14, 3],
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("indexes the words of articles stored before 0025, not their markup, and their title apart (0034)", async () => {
    const { target } = emptyTarget();
    await runMigrations(target, { migrationsRoot: migrationsUpTo("0024") });
    const before = createPrismaClient(target);
    try {
      const [row] = await querySql<{ id: number }>(
        before,
        target.provider,
        Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES (${"http://127.0.0.1/old"}, ${"Old"}, ${new Date()}) RETURNING "id"`,
      );
      const content = '<p>Visible <a href="https://tracker.example/zebra" class="marmalade">words</a> caf&eacute;</p>';
      await querySql(
        before,
        target.provider,
        Prisma.sql`INSERT INTO "Article" ("sourceId", "dedupeKey", "contentHash", "title", "content", "publishedAt", "firstSeenAt") VALUES (${Number(row!.id)}, ${"old"}, ${"old"}, ${"Kept from before"}, ${content}, ${new Date()}, ${new Date()})`,
      );
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const search = async (q: string) =>
        (
          await querySql<{ title: string }>(
            after,
            target.provider,
            Prisma.sql`SELECT "title" FROM "Article" WHERE ${buildSearchSql(q, target.provider)}`,
          )
        ).map((found) => found.title);
      expect(await search("words visible")).toEqual(["Kept from before"]);
      for (const markup of ["zebra", "tracker", "marmalade", "href", "class"]) expect(await search(markup)).toEqual([]);
      // 0034 indexed its title apart: best match counts a title word (the score's whole part), not a body word.
      const score = async (q: string) =>
        (
          await querySql<{ score: number }>(
            after,
            target.provider,
            Prisma.sql`SELECT "score" FROM (${buildRankedMatchesSql(q, target.provider, Prisma.sql`1 = 1`)}) AS "ranked"`,
          )
        ).map((found) => Math.floor(Number(found.score)));
      expect(await score("kept before")).toEqual([2]);
      expect(await score("kept words")).toEqual([1]);
      expect(await score("visible words")).toEqual([0]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("starts 0033's tally of page and icon requests from the rows the fetch log kept", async () => {
    const { target, before, at, sourceId } = await sourceBefore("0026_health_covering_indexes");
    try {
      for (const [kind, bytes] of [
        ["feed", 7],
        ["page", 1000],
        ["page", 500],
        ["icon", 40],
      ] as const)
        await querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "Fetch" ("sourceId", "kind", "startedAt", "durationMs", "outcome", "bytesReceived") VALUES (${sourceId}, ${kind}, ${at}, 5, 'ok', ${bytes})`,
        );
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      // The feeds' count is their roll-ups': they have no row here.
      expect(await after.requestTally.findMany({ orderBy: { kind: "asc" } })).toEqual([
        { kind: "icon", requests: 1n, bytesReceived: 40n },
        { kind: "page", requests: 2n, bytesReceived: 1500n },
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("fills 0035's drift roll-up from the kept log by the store's bucket rule, feed fetches only", async () => {
    const { target, before, at, sourceId } = await sourceBefore("0033_request_tally");
    // Both signs, every decade's step, the 32-bit column's ends; two of them in one bucket.
    const drifts = [-2_147_483_648, -150, -99, 0, 99, 4270, 4299, 59_999, 899_000, 5_432_100, 2_147_483_647];
    try {
      const insert = (startedAt: Date, kind: string, driftMs: number | null) =>
        querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "Fetch" ("sourceId", "kind", "startedAt", "durationMs", "outcome", "driftMs") VALUES (${sourceId}, ${kind}, ${startedAt}, 5, 'ok', ${driftMs})`,
        );
      for (const driftMs of drifts) await insert(at, "feed", driftMs);
      // Another hour; a fetch nobody scheduled; a page request (not the feed's own rule).
      await insert(new Date(at.getTime() + 3600_000 + 59_999), "feed", 1000);
      await insert(at, "feed", null);
      await insert(at, "page", 1000);
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const expected = new Map<string, number>();
      for (const driftMs of drifts) {
        const key = `${driftHour(at)}|${driftBucketMs(driftMs)}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      expected.set(`${driftHour(new Date(at.getTime() + 3600_000))}|1000`, 1);
      const rows = await after.fetchDrift.findMany({ orderBy: [{ hour: "asc" }, { driftMs: "asc" }] });
      expect(new Map(rows.map((row) => [`${row.hour}|${row.driftMs}`, row.fetches]))).toEqual(expected);
      expect(rows).toContainEqual({ hour: "2026-11-02T03", driftMs: 4200, fetches: 2 });
    } finally {
      await closePrismaClient(after);
    }
  });

  it("fills 0039's fleet roll-up with the sum of every source's days, past 32 bits", async () => {
    const { target, before, sourceId } = await sourceBefore("0036_users_and_reading");
    try {
      const [second] = await querySql<{ id: number }>(
        before,
        target.provider,
        Prisma.sql`INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES ('http://127.0.0.2/feed', 'two', ${new Date()}) RETURNING "id"`,
      );
      const daily = (id: number, day: string, ok: number, bytes: number) =>
        querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "FetchDaily" ("sourceId", "day", "ok", "notModified", "error", "bytesReceived", "bytesSaved", "newArticles", "durationMsSum")
            VALUES (${id}, ${day}, ${ok}, 2, 1, ${bytes}, 7, 3, 2000000000)`,
        );
      await daily(sourceId, "2026-11-01", 4, 2_000_000_000);
      await daily(Number(second!.id), "2026-11-01", 1, 2_000_000_000);
      await daily(sourceId, "2026-11-02", 5, 10);
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      expect(await after.fetchFleetDaily.findMany({ orderBy: { day: "asc" } })).toEqual([
        {
          day: "2026-11-01",
          ...{ ok: 5, notModified: 4, error: 2, bytesReceived: 4_000_000_000n, bytesSaved: 14n },
          ...{ newArticles: 6, durationMsSum: 4_000_000_000n },
        },
        {
          day: "2026-11-02",
          ...{ ok: 5, notModified: 2, error: 1, bytesReceived: 10n, bytesSaved: 7n },
          ...{ newArticles: 3, durationMsSum: 2_000_000_000n },
        },
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("keeps the fetch log and roll-ups through 0026, whose covering indexes answer the health reads", async () => {
    const { target, before, at, sourceId } = await sourceBefore("0025_search_text");
    try {
      for (const driftMs of [40, 10, null])
        await querySql(
          before,
          target.provider,
          Prisma.sql`INSERT INTO "Fetch" ("sourceId", "startedAt", "durationMs", "outcome", "driftMs") VALUES (${sourceId}, ${at}, 5, 'ok', ${driftMs})`,
        );
      await querySql(
        before,
        target.provider,
        Prisma.sql`INSERT INTO "FetchDaily" ("sourceId", "day", "ok", "durationMsSum") VALUES (${sourceId}, '2026-11-02', 3, 15)`,
      );
    } finally {
      await closePrismaClient(before);
    }
    await runMigrations(target);
    const after = createPrismaClient(target);
    try {
      const drift = await after.fetch.findMany({
        where: { startedAt: { gte: at } },
        orderBy: { driftMs: "asc" },
        select: { driftMs: true },
      });
      expect(drift.map((fetch) => fetch.driftMs)).toEqual(
        target.provider === "sqlite" ? [null, 10, 40] : [10, 40, null],
      );
      const days = await after.fetchDaily.groupBy({
        by: ["day"],
        where: { day: { gte: "2026-11-01" } },
        _sum: { ok: true, durationMsSum: true },
      });
      expect(days).toEqual([{ day: "2026-11-02", _sum: { ok: 3, durationMsSum: 15 } }]);
      const indexes = await querySql<{ name: string }>(
        after,
        target.provider,
        target.provider === "sqlite"
          ? Prisma.sql`SELECT "name" FROM sqlite_master WHERE "type" = 'index' AND "tbl_name" IN ('Fetch', 'FetchDaily')`
          : Prisma.sql`SELECT CAST("indexname" AS TEXT) AS "name" FROM pg_indexes WHERE "schemaname" = current_schema() AND "tablename" IN ('Fetch', 'FetchDaily') AND "indexname" LIKE '%idx'`,
      );
      expect(
        indexes
          .map((index) => index.name)
          .filter((name) => /startedAt|_day_|besideFeed/.test(name))
          .sort(),
      ).toEqual([
        expect.stringMatching(/^FetchDaily_day_ok_notModified_/),
        "Fetch_besideFeed_costs_idx",
        "Fetch_sourceId_startedAt_idx",
        "Fetch_startedAt_driftMs_kind_idx",
      ]);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("leaves a schema every model can be written to and read from", async () => {
    const { target } = emptyTarget();
    await runMigrations(target);
    const db = createPrismaClient(target);
    try {
      const user = await db.user.create({ data: { name: "reader" } });
      const folder = await db.userFolder.create({ data: { userId: user.id, name: "News" } });
      const source = await db.source.create({ data: { feedUrl: "http://127.0.0.1/feed", title: "Feed" } });
      await db.subscription.create({ data: { userId: user.id, sourceId: source.id, folderId: folder.id } });
      const round = await db.round.create({ data: { startedAt: new Date(), trigger: "cli", instanceId: "test" } });
      await db.fetch.create({
        data: {
          sourceId: source.id,
          roundId: round.id,
          startedAt: new Date(),
          durationMs: 5,
          outcome: "not_modified",
          httpStatus: 304,
        },
      });
      await db.article.create({
        data: { sourceId: source.id, dedupeKey: "guid:1", title: "Hello", publishedAt: new Date(), contentHash: "h" },
      });
      await db.fetchDaily.create({ data: { sourceId: source.id, day: "2026-11-30", notModified: 1 } });
      await db.sourceEvent.create({ data: { sourceId: source.id, kind: "added", detail: "subscribed" } });
      await db.lease.create({ data: { name: "round", holder: "a", acquiredAt: new Date(), expiresAt: new Date() } });
      await db.hostState.create({ data: { host: "127.0.0.1" } });
      await db.setting.create({ data: { key: "k", value: "v" } });
      // Deleting a source takes its fetches, articles, events and roll-ups with it.
      await db.source.delete({ where: { id: source.id } });
      expect(await db.fetch.count()).toBe(0);
      expect(await db.article.count()).toBe(0);
      expect(await db.round.count()).toBe(1);
    } finally {
      await closePrismaClient(db);
    }
  });

  it("rolls a failing migration back, records it, and refuses to start until --retry", async () => {
    const { target } = emptyTarget();
    await runMigrations(target);
    const db = createPrismaClient(target);
    await db.setting.create({ data: { key: "precious", value: "data" } });
    await closePrismaClient(db);

    // The first statement would succeed; the second fails: the whole migration must vanish.
    const broken = migrationsWithExtra(
      target.provider,
      "0002_broken",
      'CREATE TABLE "Half" ("id" INTEGER);\nINSERT INTO "Nope" VALUES (1);',
    );
    await expect(runMigrations(target, { migrationsRoot: broken })).rejects.toThrow(
      /migration 0002_broken failed and was rolled back/,
    );
    await expect(runMigrations(target, { migrationsRoot: broken })).rejects.toThrow(
      /migration 0002_broken failed at .*Fix the cause, then run `npx --no-install tidings migrate --retry`/,
    );

    const fixed = migrationsWithExtra(target.provider, "0002_broken", 'CREATE TABLE "Half" ("id" INTEGER);');
    const retried = await runMigrations(target, { migrationsRoot: fixed, retryFailed: true });
    expect(retried.applied).toEqual(["0002_broken"]);
    const after = createPrismaClient(target);
    try {
      expect(await after.setting.findUnique({ where: { key: "precious" } })).toMatchObject({ value: "data" });
    } finally {
      await closePrismaClient(after);
    }
  });

  it("refuses a database that has a migration this version does not know", async () => {
    const { target } = emptyTarget();
    const newer = migrationsWithExtra(target.provider, "0099_from_the_future", 'CREATE TABLE "Future" ("id" INTEGER);');
    await runMigrations(target, { migrationsRoot: newer });
    const error = await runMigrations(target).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(
      /has migration 0099_from_the_future, which this version of Tidings does not know/,
    );
  });

  it("refuses a migration whose file changed after it was applied", async () => {
    const { target } = emptyTarget();
    await runMigrations(target);
    const edited = mkdtempSync(path.join(tmpdir(), "tidings-migrations-"));
    cpSync(migrationsRoot(), edited, { recursive: true });
    writeFileSync(path.join(edited, target.provider, "0001_init", "migration.sql"), "-- edited\n");
    await expect(runMigrations(target, { migrationsRoot: edited })).rejects.toThrow(
      /0001_init was changed after it was applied/,
    );
  });
});
