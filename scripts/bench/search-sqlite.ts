// Full-text search on SQLite at size: what the FTS5 index (migrations 0016, 0025) costs (insert time
// against the same rows without its triggers, file size) and what it buys (the list's first page
// for a search, against the LIKE scan SQLite used before), in one run on the same machine.
//
//   npx tsx scripts/bench/search-sqlite.ts [--articles 50000] [--runs 20]
//
// Two fresh SQLite files migrated as the app migrates them; in the second, the search triggers
// are dropped before seeding (what an insert cost before FTS5). Words follow a Zipf-like law over
// a made-up vocabulary, as scripts/bench/search.ts seeds PostgreSQL, so the queries span words
// found in most articles down to words found in none.
import { statSync } from "node:fs";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import type { Sql } from "@/lib/db/sql";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { buildSearchText } from "@/lib/db/search-text";
import { ALL_ARTICLES } from "@/lib/base/article-scope";
import { DEFAULT_PAGE_SIZE, queryListRows, type ListRow } from "@/lib/reads/articles/list-query";
import { createEmptyTarget } from "@/tests/helpers/fresh-database";
import { ms, percentile, printFigures, type BenchFigure } from "./bench-output";
import { createRandom } from "../seeded-random";

const { values } = parseArgs({
  options: { articles: { type: "string", default: "50000" }, runs: { type: "string", default: "20" } },
});
const ARTICLES = Number(values.articles);
const RUNS = Number(values.runs);
const SOURCES = 100;
const VOCABULARY = 20_000;
const SYLLABLES = "ka lo mi ne ru sa te vo zi po da fe gu hi ja ko li mu no pe".split(" ");
const wordOfRank = (rank: number) => {
  const syllables: string[] = [];
  for (let n = rank + 400; n > 0; n = Math.floor(n / SYLLABLES.length))
    syllables.push(SYLLABLES[n % SYLLABLES.length]!);
  return syllables.join("");
};

/** The one reader of the bench world. */
const READER_ID = 1;

type Seeded = { file: string; seedMs: number; bytes: number; drop(): Promise<void> };

async function seed(withSearchIndex: boolean): Promise<Seeded> {
  delete process.env.DATABASE_URL;
  const empty = createEmptyTarget();
  await runMigrations(empty.target);
  if (empty.target.provider !== "sqlite") throw new Error("an SQLite target was expected");
  const file = empty.target.filePath;
  const db = new Database(file);
  if (!withSearchIndex)
    db.exec(
      'DROP TRIGGER "Article_search_insert"; DROP TRIGGER "Article_search_update"; DROP TRIGGER "Article_search_delete"',
    );
  const insertSource = db.prepare(`INSERT INTO "Source" ("feedUrl", "title", "updatedAt") VALUES (?, ?, ?)`);
  for (let n = 0; n < SOURCES; n++) insertSource.run(`https://s${n}.example/feed`, `Source ${n}`, Date.now());
  // One reader follows every source: the list reads their subscriptions.
  db.prepare(`INSERT INTO "User" ("id", "name", "role", "createdAt") VALUES (?, 'tidings', 'admin', ?)`).run(
    READER_ID,
    Date.now(),
  );
  db.prepare(`INSERT INTO "Subscription" ("userId", "sourceId", "createdAt") SELECT ?, "id", ? FROM "Source"`).run(
    READER_ID,
    Date.now(),
  );
  const random = createRandom(42);
  const word = () => wordOfRank(Math.floor(VOCABULARY ** random()));
  const text = (words: number) => Array.from({ length: words }, word).join(" ");
  const insert = db.prepare(
    `INSERT INTO "Article" ("sourceId", "dedupeKey", "title", "content", "searchText", "publishedAt", "firstSeenAt", "contentHash")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // With the searchable text the store writes beside the content (lib/db/search-text.ts).
  const rows = Array.from({ length: ARTICLES }, (_, n) => {
    const title = text(8);
    const content = `<p>${text(150)}</p>`;
    return [
      (n % SOURCES) + 1,
      `urn:${n}`,
      title,
      content,
      buildSearchText(title, content),
      Date.now() - n * 60_000,
      Date.now(),
      `h${n}`,
    ];
  });
  const started = performance.now();
  db.transaction(() => {
    for (const row of rows) insert.run(...row);
  })();
  const seedMs = performance.now() - started;
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  return { file, seedMs, bytes: statSync(file).size, drop: empty.drop };
}

async function timePage(db: Database.Database, q: string, like: boolean): Promise<{ p50: number; found: number }> {
  const run = async (sql: Sql) => db.prepare(sql.sql).all(...sql.values.map(toSqlite)) as ListRow[];
  const input = {
    userId: READER_ID,
    scope: { ...ALL_ARTICLES, q },
    order: "newest",
    cursor: null,
    limit: DEFAULT_PAGE_SIZE,
  } as const;
  const likeRun = async () => {
    const pattern = `%${q}%`;
    return db
      .prepare(
        `SELECT "id" FROM "Article" WHERE ("title" LIKE ? OR "content" LIKE ?) ORDER BY "publishedAt" DESC, "id" DESC LIMIT ?`,
      )
      .all(pattern, pattern, DEFAULT_PAGE_SIZE + 1);
  };
  const times: number[] = [];
  let found = 0;
  for (let n = 0; n < RUNS; n++) {
    const started = performance.now();
    found = (like ? await likeRun() : await queryListRows({ ...input, provider: "sqlite" }, run)).length;
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), found };
}

function toSqlite(value: unknown): unknown {
  return value instanceof Date ? value.getTime() : typeof value === "boolean" ? Number(value) : value;
}

async function main(): Promise<void> {
  const indexed = await seed(true);
  const plain = await seed(false);
  const figures: BenchFigure[] = [
    {
      figure: `insert ${ARTICLES.toLocaleString("en")} articles, with the FTS5 triggers / without`,
      value: `${ms(indexed.seedMs, 0)} / ${ms(plain.seedMs, 0)} (×${(indexed.seedMs / plain.seedMs).toFixed(2)})`,
      target: "what indexing adds to ingest",
    },
    {
      figure: "file size, with the index / without",
      value: `${(indexed.bytes / 2 ** 20).toFixed(1)} MiB / ${(plain.bytes / 2 ** 20).toFixed(1)} MiB`,
      target: "record",
    },
  ];
  const db = new Database(indexed.file, { readonly: true });
  const common = wordOfRank(1);
  const middle = wordOfRank(300);
  const rare = wordOfRank(15_000);
  for (const [label, q] of [
    ["a common word", common],
    ["a word in a few % of articles", middle],
    ["a rare word", rare],
    ["two words, any order", `${middle} ${common}`],
    ["a word no article has", "zzzqqq"],
  ] as const) {
    const fts = await timePage(db, q, false);
    const like = await timePage(db, q.split(" ")[0]!, true);
    figures.push({
      figure: `first page, ${label} (FTS5 / LIKE on its first word)`,
      value: `${ms(fts.p50)} / ${ms(like.p50)} (${fts.found} / ${like.found} rows)`,
      target: "p50 of the list statement",
    });
  }
  db.close();
  await indexed.drop();
  await plain.drop();
  printFigures(`SQLite search, ${ARTICLES.toLocaleString("en")} articles`, figures);
}

void main();
