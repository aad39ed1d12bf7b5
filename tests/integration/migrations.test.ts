import { mkdtempSync, mkdirSync, writeFileSync, cpSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyTarget } from "@/tests/helpers/fresh-database";
import { runMigrations, MigrationError } from "@/lib/db/migrate/run-migrations";
import { closePrismaClient, createPrismaClient } from "@/lib/db/prisma-client";
import { migrationsRoot, readMigrationFiles } from "@/lib/db/migrate/migration-files";
import { buildSearchSql } from "@/lib/articles/search-sql";
import { querySql } from "@/lib/articles/run-sql";
import { Prisma } from "@/lib/generated/sqlite";

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
    for (const name of readdirSync(path.join(root, provider))) if (name > last) rmSync(path.join(root, provider, name), { recursive: true });
  }
  return root;
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
      // Raw SQL: the client would also write columns with defaults that 0001 does not have yet (articleCount).
      const now = target.provider === "sqlite" ? "1764460800000" : "now()";
      const [source] = await before.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES ('http://127.0.0.1/feed', 'Feed', ${now}) RETURNING "id"`,
      );
      const round = await before.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO "Round" ("startedAt", "trigger", "instanceId", "okCount") VALUES (${now}, 'cli', 'old', 1) RETURNING "id"`,
      );
      await before.fetch.create({ data: { sourceId: Number(source!.id), roundId: Number(round[0]!.id), startedAt: new Date(), durationMs: 5, outcome: "ok", httpStatus: 200 }, select: { id: true } });
      await before.article.create({
        select: { id: true },
        data: { sourceId: Number(source!.id), dedupeKey: "guid:old", title: "Written before search", content: "<p>Ownership rules</p>", publishedAt: new Date(), contentHash: "h" },
      });
    } finally {
      await closePrismaClient(before);
    }
    // SQLite rebuilds the Round table in 0002; PostgreSQL also indexes the existing articles.
    expect((await runMigrations(target)).applied).toEqual(readMigrationFiles(target.provider).map((file) => file.name).slice(1));
    const after = createPrismaClient(target);
    try {
      const fetch = await after.fetch.findFirstOrThrow({ include: { round: true } });
      expect(fetch.round).toMatchObject({ instanceId: "old", okCount: 1, interrupted: false });
      const found = await querySql<{ title: string }>(after, target.provider, Prisma.sql`SELECT "title" FROM "Article" WHERE ${buildSearchSql("ownership", target.provider)}`);
      expect(found).toEqual([{ title: "Written before search" }]);
      // 0014 counts the articles stored before it (the Fever API's total_items sums these counts).
      expect((await after.source.findFirstOrThrow({ select: { articleCount: true } })).articleCount).toBe(1);
    } finally {
      await closePrismaClient(after);
    }
  });

  it("leaves a schema every model can be written to and read from", async () => {
    const { target } = emptyTarget();
    await runMigrations(target);
    const db = createPrismaClient(target);
    try {
      const folder = await db.folder.create({ data: { name: "News" } });
      const source = await db.source.create({ data: { feedUrl: "http://127.0.0.1/feed", title: "Feed", folderId: folder.id } });
      const round = await db.round.create({ data: { startedAt: new Date(), trigger: "cli", instanceId: "test" } });
      await db.fetch.create({ data: { sourceId: source.id, roundId: round.id, startedAt: new Date(), durationMs: 5, outcome: "not_modified", httpStatus: 304 } });
      await db.article.create({ data: { sourceId: source.id, dedupeKey: "guid:1", title: "Hello", publishedAt: new Date(), contentHash: "h" } });
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
    const broken = migrationsWithExtra(target.provider, "0002_broken", 'CREATE TABLE "Half" ("id" INTEGER);\nINSERT INTO "Nope" VALUES (1);');
    await expect(runMigrations(target, { migrationsRoot: broken })).rejects.toThrow(/migration 0002_broken failed and was rolled back/);
    await expect(runMigrations(target, { migrationsRoot: broken })).rejects.toThrow(
      /migration 0002_broken failed at .*Fix the cause, then run `npx tidings migrate --retry`/,
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
    expect((error as Error).message).toMatch(/has migration 0099_from_the_future, which this version of Tidings does not know/);
  });

  it("refuses a migration whose file changed after it was applied", async () => {
    const { target } = emptyTarget();
    await runMigrations(target);
    const edited = mkdtempSync(path.join(tmpdir(), "tidings-migrations-"));
    cpSync(migrationsRoot(), edited, { recursive: true });
    writeFileSync(path.join(edited, target.provider, "0001_init", "migration.sql"), "-- edited\n");
    await expect(runMigrations(target, { migrationsRoot: edited })).rejects.toThrow(/0001_init was changed after it was applied/);
  });
});
