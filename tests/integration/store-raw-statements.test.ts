import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, testingPostgres, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { chainStatements, placeholders, runAtomically, selectRows, type Statement } from "@/lib/db/raw-statements";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;

beforeAll(async () => {
  database = await createFreshDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** Renames the sources listed, with a padded IN list of `width` ids so that parameters add up. */
function rename(title: string, ids: number[], width: number): Statement {
  const p = placeholders(database.db);
  const padded = Array.from({ length: width }, (_, index) => ids[index % ids.length]!);
  return {
    text: `UPDATE "Source" SET "title" = ${p(1)} WHERE "id" IN (${padded.map((_, index) => p(index + 2)).join(", ")})`,
    values: [title, ...padded],
  };
}

const sourceTitled = async (title: string, feedUrl: string) =>
  createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl,
    title,
    customTitle: null,
    folderName: null,
  });

describe("runAtomically", () => {
  // 7 × 10,001 parameters: more than PostgreSQL binds in one statement, so it becomes a transaction there.
  const statements = (ids: number[]) => Array.from({ length: 7 }, (_, index) => rename(`title ${index}`, ids, 10_000));

  it("runs statements with more parameters than one PostgreSQL statement may bind", async () => {
    const id = await sourceTitled("before", "https://a.example/feed.xml");
    await runAtomically(database.db, statements([id]));
    const rows = await selectRows<{ title: string }>(database.db, {
      text: `SELECT "title" FROM "Source" WHERE "id" = ${placeholders(database.db)(1)}`,
      values: [id],
    });
    expect(rows).toEqual([{ title: "title 6" }]);
  });

  it("runs a long batch, one statement at a time on SQLite, in order", async () => {
    const id = await sourceTitled("before", "https://d.example/feed.xml");
    await runAtomically(
      database.db,
      Array.from({ length: 500 }, (_, index) => rename(`step ${index}`, [id], 1)),
    );
    expect((await database.db.source.findUniqueOrThrow({ where: { id } })).title).toBe("step 499");
  });

  it("keeps nothing of them when one fails, however many there are", async () => {
    const id = await sourceTitled("before", "https://b.example/feed.xml");
    const p = placeholders(database.db);
    const failing: Statement = {
      text: `INSERT INTO "Source" ("id", "feedUrl", "title") VALUES (${p(1)}, ${p(2)}, ${p(3)})`,
      values: [id, "x", "x"],
    };
    // The last batch is long (a first fetch of thousands of items): SQLite runs it one statement at a time.
    const long = Array.from({ length: 120 }, (_, index) => rename(`long ${index}`, [id], 1));
    for (const batch of [
      [rename("small", [id], 1), failing],
      [...statements([id]), failing],
      [...long, failing],
    ]) {
      await expect(runAtomically(database.db, batch)).rejects.toThrow();
      expect((await database.db.source.findUniqueOrThrow({ where: { id } })).title).toBe("before");
    }
  });

  it("builds statements only as it runs them, and again when the write is tried again", async () => {
    const id = await sourceTitled("before", "https://e.example/feed.xml");
    let built = 0;
    let failNextRun = true;
    // Long enough for both databases' one-statement-at-a-time path (7 × 10,001 parameters on PostgreSQL).
    const lazy = {
      *[Symbol.iterator]() {
        for (let index = 0; index < 120; index++) {
          built += 1;
          yield rename(`lazy ${index}`, [id], index < 7 ? 10_000 : 1);
        }
      },
    };
    const poison = {
      *[Symbol.iterator]() {
        if (failNextRun) {
          failNextRun = false;
          yield { text: 'SELECT no_such_column FROM "Source"', values: [] } satisfies Statement;
        }
      },
    };
    const write = chainStatements(lazy, poison);
    await expect(runAtomically(database.db, write)).rejects.toThrow();
    expect((await database.db.source.findUniqueOrThrow({ where: { id } })).title).toBe("before");
    expect(built).toBe(120);
    await runAtomically(database.db, write);
    expect([(await database.db.source.findUniqueOrThrow({ where: { id } })).title, built]).toEqual(["lazy 119", 240]);
  });

  it.skipIf(!testingPostgres())(
    "refuses a literal in a statement merged on PostgreSQL, whose $n it would renumber",
    async () => {
      const id = await sourceTitled("before", "https://c.example/feed.xml");
      const literal: Statement = { text: `UPDATE "Source" SET "title" = 'costs $1' WHERE "id" = $1`, values: [id] };
      await expect(runAtomically(database.db, [rename("first", [id], 1), literal])).rejects.toThrow(
        /bind values as parameters/,
      );
      expect((await database.db.source.findUniqueOrThrow({ where: { id } })).title).toBe("before");
    },
  );
});
