// The reader's read-only SQL path must see exactly what Prisma sees: the same instants (in any
// time zone of the server process), parameters that compare to the millisecond, the latest
// commits, and no way to write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/sqlite";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { seedArticles, seedSource } from "@/tests/helpers/seed-articles";
import { sqlReaderOf } from "@/lib/db/client";
import type { SqlReader } from "@/lib/db/sql-reader";

let database: FreshDatabase;
let reader: SqlReader;
let sourceId = 0;
const publishedAt = new Date(Date.UTC(2025, 5, 30, 23, 59, 58, 123));

beforeAll(async () => {
  database = await createFreshDatabase();
  reader = sqlReaderOf(database.db);
  sourceId = await seedSource(database.db, { title: "Clock" });
  await seedArticles(database.db, sourceId, [{ title: "At the edge of a day", publishedAt, read: true }]);
});

afterAll(async () => {
  await database.dispose();
});

type Row = { id: number; title: string; publishedAt: Date; firstSeenAt: Date; updatedAt: Date | null };

describe("the read-only SQL path", () => {
  it("returns DateTime columns as the same Date objects Prisma returns", async () => {
    const [row] = await reader.all<Row>(
      Prisma.sql`SELECT "id", "title", "publishedAt", "firstSeenAt", "updatedAt" FROM "Article"`,
    );
    const viaPrisma = await database.db.article.findFirstOrThrow({ select: { firstSeenAt: true } });
    expect(row?.publishedAt).toBeInstanceOf(Date);
    expect(row?.publishedAt.toISOString()).toBe(publishedAt.toISOString());
    expect(row?.firstSeenAt?.toISOString()).toBe(viaPrisma.firstSeenAt.toISOString());
    expect(row?.updatedAt).toBeNull();
  });

  it("binds Date parameters to the millisecond, as stored", async () => {
    const count = async (sql: Prisma.Sql) => Number((await reader.all<{ count: number }>(sql))[0]?.count);
    const before = (at: Date) => Prisma.sql`SELECT COUNT(*) AS "count" FROM "Article" WHERE "publishedAt" < ${at}`;
    expect(await count(before(publishedAt))).toBe(0);
    expect(await count(before(new Date(publishedAt.getTime() + 1)))).toBe(1);
    expect(
      await count(Prisma.sql`SELECT COUNT(*) AS "count" FROM "Article" WHERE "publishedAt" = ${publishedAt}`),
    ).toBe(1);
  });

  it("sees what Prisma committed a moment ago", async () => {
    const [id] = await seedArticles(database.db, sourceId, [{ title: "Just stored" }]);
    const rows = await reader.all<Row>(Prisma.sql`SELECT "id", "title" FROM "Article" WHERE "id" = ${id}`);
    expect(rows.map((row) => row.title)).toEqual(["Just stored"]);
  });

  it("refuses to write", async () => {
    await expect(reader.all(Prisma.sql`UPDATE "Article" SET "title" = 'changed' RETURNING "id"`)).rejects.toThrow(
      /SELECT statements only/,
    );
    expect(await database.db.article.count({ where: { title: "changed" } })).toBe(0);
  });
});
