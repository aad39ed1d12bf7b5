// Full-text search on PostgreSQL at size: what the GIN index of migration 0003_article_search
// costs (build time, size) and what it buys (the list's first page for a search, common and rare
// words, with and without the index), with the plan PostgreSQL chose for each query.
//
//   npx tsx scripts/bench/search.ts [--articles 100000] [--sources 1000] [--runs 30]   (npm run bench: 1,000,000)
//
// Seeds a fresh schema through `pg` (multi-row INSERT ... SELECT FROM unnest), the Article
// indexes built after the rows as a bulk load would, then VACUUM ANALYZE (autovacuum's steady
// state). Words follow a Zipf-like law over a 20,000-word made-up vocabulary, so that the queries
// span words found in most articles down to words found in a few. Measures the list SQL in this
// process and, for one query, the list API of the built app (`npm run build` first) with 8
// clients. PostgreSQL: BENCH_POSTGRES_URL, else postgresql://postgres@127.0.0.1:5432/test, in a
// fresh schema (tests/helpers/fresh-database) dropped at the end.
import { parseArgs } from "node:util";
import pg from "pg";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { ALL_ARTICLES, type ArticleScope } from "@/lib/base/article-scope";
import {
  DEFAULT_PAGE_SIZE,
  queryListRows,
  type ListQueryInput,
  type ListRow,
  type RunSql,
} from "@/lib/reads/articles/list-query";
import { buildSearchSql } from "@/lib/db/search-sql";
import { startAppServer } from "@/tests/helpers/app-server";
import { createEmptyTarget } from "@/tests/helpers/fresh-database";
import { queryPostgres } from "@/lib/db/postgres-query";
import { ms, percentile, printFigures, type BenchFigure } from "./bench-output";
import { createRandom } from "../seeded-random";

/** The one reader of the bench world, who follows every source. */
const READER_ID = 1;
const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "100000" },
    sources: { type: "string", default: "1000" },
    runs: { type: "string", default: "30" },
  },
});
const ARTICLES = Number(values.articles);
const SOURCES = Number(values.sources);
const RUNS = Number(values.runs);
const DAY = 86_400_000;
const VOCABULARY = 20_000;
const SEARCH_INDEX = "Article_search_idx";

const SYLLABLES = "ka lo mi ne ru sa te vo zi po da fe gu hi ja ko li mu no pe".split(" ");
/** Word of rank r (1 = most frequent): three or four syllables, distinct for every rank. */
const wordOfRank = (rank: number) => {
  const syllables: string[] = [];
  for (let n = rank + 400; n > 0; n = Math.floor(n / SYLLABLES.length))
    syllables.push(SYLLABLES[n % SYLLABLES.length]!);
  return syllables.join("");
};

/** Seeds the schema; returns how long the search index took to build, and its definition. */
async function seed(client: pg.Client): Promise<{ searchIndexBuildMs: number; indexDefinition: string }> {
  const random = createRandom(42);
  // Rank drawn log-uniformly: P(rank = r) ∝ 1/r, the shape of word frequencies in real text.
  const word = () => wordOfRank(Math.floor(VOCABULARY ** random()));
  const text = (words: number) => Array.from({ length: words }, word).join(" ");
  // Pools of bodies and titles: drawing 80 words for each of a million rows would dominate the seed.
  const bodies = Array.from(
    { length: 20_000 },
    () => `<p>${text(40)}</p><p>${text(40)} <a href="https://example.org/${word()}">${word()}</a></p>`,
  );
  const titles = Array.from({ length: 50_000 }, () => text(6));
  await client.query(
    `INSERT INTO "Source" ("feedUrl", "title", "updatedAt") SELECT 'https://site-' || n || '.example/feed.xml', 'Site ' || n, now() FROM generate_series(1, $1::int) AS n`,
    [SOURCES],
  );
  // One reader follows every source (their reading rows are inserted after the articles).
  await client.query(`INSERT INTO "User" ("id", "name", "role") VALUES ($1, 'tidings', 'admin')`, [READER_ID]);
  await client.query(`INSERT INTO "Subscription" ("userId", "sourceId") SELECT $1, "id" FROM "Source"`, [READER_ID]);
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'Article' AND indexname NOT LIKE '%_pkey'`,
  );
  for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);
  const now = Date.now();
  const columns = `"sourceId", "dedupeKey", "title", "snippet", "content", "publishedAt", "contentHash"`;
  const unread: number[] = [];
  for (let start = 0; start < ARTICLES; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, ARTICLES - start) }, (_, offset) => {
      const n = start + offset;
      const published = new Date(now - random() * 730 * DAY);
      const body = bodies[n % bodies.length]!;
      // Ids follow insertion order in a fresh table: article n is row n + 1. A fifth stay unread.
      if (random() >= 0.8) unread.push(n + 1);
      return [
        1 + Math.floor(random() ** 2 * SOURCES),
        `urn:bench:${n}`,
        titles[n % titles.length]!,
        body.slice(3, 200),
        body,
        published,
        `hash-${n}`,
      ];
    });
    const arrays = rows[0]!.map((_, column) => rows.map((row) => row[column]));
    await client.query(
      `INSERT INTO "Article" (${columns}) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamp(3)[], $7::text[])`,
      arrays,
    );
  }
  for (let start = 0; start < unread.length; start += 50_000)
    await client.query(
      `INSERT INTO "UnreadArticle" ("userId", "articleId", "sourceId", "publishedAt")
        SELECT $1, "id", "sourceId", "publishedAt" FROM "Article" WHERE "id" = ANY($2::int[])`,
      [READER_ID, unread.slice(start, start + 50_000)],
    );
  const btrees = indexes.filter((index) => index.indexname !== SEARCH_INDEX);
  for (const index of btrees) await client.query(index.indexdef);
  const search = indexes.find((index) => index.indexname === SEARCH_INDEX);
  if (!search) throw new Error(`${SEARCH_INDEX} is missing: did migration 0003_article_search run?`);
  const started = performance.now();
  await client.query(search.indexdef);
  const searchIndexBuildMs = performance.now() - started;
  await client.query("VACUUM ANALYZE");
  return { searchIndexBuildMs, indexDefinition: search.indexdef };
}

type Query = { label: string; scope: Partial<ArticleScope> & { q: string }; secondPage?: boolean; best?: boolean };

const runOn =
  (client: pg.Client): RunSql =>
  async (sql) =>
    (await queryPostgres(client, sql.text, sql.values)).rows as ListRow[];

/** The list's input for a query: its first page, or its second (the cursor after the first page). */
async function listInputOf(client: pg.Client, query: Query): Promise<ListQueryInput> {
  const input: ListQueryInput = {
    userId: READER_ID,
    scope: { ...ALL_ARTICLES, ...query.scope },
    order: query.best ? "best" : "newest",
    cursor: null,
    limit: DEFAULT_PAGE_SIZE,
    provider: "postgresql",
  };
  if (!query.secondPage) return input;
  if (query.best) throw new Error("a second page by best match is not measured here");
  const last = (await queryListRows(input, runOn(client))).at(DEFAULT_PAGE_SIZE - 1);
  return { ...input, cursor: last ? { publishedAt: last.publishedAt, id: last.id, order: "newest" } : null };
}

async function timeList(client: pg.Client, input: ListQueryInput, runs: number): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await queryListRows(input, runOn(client));
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Each statement the list ran, with the nodes of its plan that find the articles (not the source titles or the latest id). */
async function explain(client: pg.Client, input: ListQueryInput): Promise<string[]> {
  const lines: string[] = [];
  let statement = 0;
  await queryListRows(input, async (sql) => {
    const { rows } = await queryPostgres(
      client,
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql.text}`,
      sql.values,
    );
    statement += 1;
    lines.push(`statement ${statement}:`);
    for (const { "QUERY PLAN": line } of rows as { "QUERY PLAN": string }[]) {
      if (
        /Scan|Sort Key|Filter|Recheck|Index Cond|BitmapAnd/.test(line) &&
        !/_pkey|id IS NOT NULL|"Article"\."sourceId"|\(id = ANY/.test(line)
      )
        lines.push(line);
    }
    return runOn(client)(sql);
  });
  return lines;
}

async function countMatches(client: pg.Client, q: string): Promise<number> {
  const where = buildSearchSql(q, "postgresql");
  const { rows } = await client.query<{ count: string }>(
    `SELECT COUNT(*) AS count FROM "Article" WHERE ${where.text}`,
    where.values,
  );
  return Number(rows[0]!.count);
}

async function measureApi(
  url: string,
  clients: number,
  requestsPerClient: number,
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < requestsPerClient; i++) {
        const started = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  process.env.DATABASE_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
  const database = createEmptyTarget();
  const schema = new URL(database.url).searchParams.get("schema");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path="${schema}"` });
  await client.connect();
  try {
    await runMigrations(database.target);
    const seedStarted = performance.now();
    const { searchIndexBuildMs, indexDefinition } = await seed(client);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { rows: sizes } = await client.query<{ index: string; table: string }>(
      `SELECT pg_size_pretty(pg_relation_size('"${SEARCH_INDEX}"')) AS index, pg_size_pretty(pg_total_relation_size('"Article"')) AS table`,
    );

    const common = wordOfRank(1);
    const middle = wordOfRank(100);
    const fewer = wordOfRank(1000);
    const rare = wordOfRank(5000);
    const queries: Query[] = [
      { label: `a word in most articles ("${common}")`, scope: { q: common } },
      { label: `a word in some articles ("${middle}")`, scope: { q: middle } },
      { label: `a less common word ("${fewer}")`, scope: { q: fewer } },
      { label: `a rare word ("${rare}")`, scope: { q: rare } },
      { label: `a rare word, second page`, scope: { q: rare }, secondPage: true },
      { label: `two words ("${middle} ${wordOfRank(30)}")`, scope: { q: `${middle} ${wordOfRank(30)}` } },
      { label: `a prefix ("${middle.slice(0, 4)}")`, scope: { q: middle.slice(0, 4) } },
      { label: `a rare word, unread only`, scope: { q: rare, unread: true } },
      { label: `a word in some articles, one source`, scope: { q: middle, sourceId: 7 } },
      { label: `no match ("zzzz")`, scope: { q: "zzzz" } },
      // Ranking's cost: every match scored (ts_rank) and sorted, against the date order above.
      { label: `best match, a word in most articles ("${common}")`, scope: { q: common }, best: true },
      { label: `best match, a word in some articles ("${middle}")`, scope: { q: middle }, best: true },
      { label: `best match, a rare word ("${rare}")`, scope: { q: rare }, best: true },
      {
        label: `best match, two words ("${middle} ${wordOfRank(30)}")`,
        scope: { q: `${middle} ${wordOfRank(30)}` },
        best: true,
      },
    ];
    const figures: BenchFigure[] = [
      {
        figure: "articles / sources",
        value: `${ARTICLES.toLocaleString("en")} / ${SOURCES.toLocaleString("en")}`,
        target: "",
      },
      { figure: "seed (rows, indexes, VACUUM ANALYZE)", value: `${seedSeconds.toFixed(1)} s`, target: "" },
      {
        figure: `build of ${SEARCH_INDEX} (GIN over the stored "searchVector")`,
        value: `${(searchIndexBuildMs / 1000).toFixed(1)} s`,
        target: "",
      },
      {
        figure: `size of ${SEARCH_INDEX} / of the Article table with its indexes`,
        value: `${sizes[0]!.index} / ${sizes[0]!.table}`,
        target: "",
      },
    ];
    const plans: string[] = [];
    for (const query of queries) {
      const input = await listInputOf(client, query);
      const matches = await countMatches(client, query.scope.q);
      await timeList(client, input, 3);
      const time = await timeList(client, input, RUNS);
      const plan = await explain(client, input);
      const statements = plan.filter((line) => line.startsWith("statement")).length;
      figures.push({
        figure: `search SQL, ${query.label}, ${matches.toLocaleString("en")} matches, ${statements} statement${statements > 1 ? "s" : ""}, p50 / p95`,
        value: `${ms(time.p50)} / ${ms(time.p95)}`,
        target: "",
      });
      plans.push(`-- ${query.label}\n${plan.map((line) => `   ${line}`).join("\n")}`);
    }

    const server = await startAppServer({ DATABASE_URL: database.url });
    try {
      const apiUrl = `${server.url}/api/articles?q=${encodeURIComponent(middle)}`;
      await measureApi(apiUrl, 8, 25);
      const api = await measureApi(apiUrl, 8, 25);
      figures.push({
        figure: `list API with q= a word in some articles, 8 clients, p50 / p95`,
        value: `${ms(api.p50)} / ${ms(api.p95)}`,
        target: "",
      });
      // The same clients on a route with one trivial query: what HTTP, Next and the machine cost.
      const health = await measureApi(`${server.url}/api/health`, 8, 25);
      figures.push({
        figure: `for comparison: GET /api/health, 8 clients, p50 / p95`,
        value: `${ms(health.p50)} / ${ms(health.p95)}`,
        target: "",
      });
    } finally {
      await server.stop();
    }

    // What the index buys: the same searches with PostgreSQL left to test every article's vector.
    await client.query(`DROP INDEX "${SEARCH_INDEX}"`);
    for (const query of [queries[3]!, queries[0]!]) {
      const time = await timeList(client, await listInputOf(client, query), 3);
      figures.push({ figure: `without the index: ${query.label}, p50`, value: ms(time.p50), target: "" });
    }

    printFigures(`Full-text search (PostgreSQL, ${ARTICLES.toLocaleString("en")} articles)`, figures);
    console.log(`\nindex: ${indexDefinition}\n\n\`\`\`\n${plans.join("\n")}\n\`\`\``);
  } finally {
    await client.end();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
