// Measures the reader against the issue's figures on a large SQLite database, and shows which
// index each of its queries uses. Needs a production build (`npm run build`).
//
//   npx tsx scripts/bench/reader.ts [--articles 20000] [--sources 1000] [--keep] [--explain-only] [--search-only]
//
// Seeds a fresh SQLite file in a temp dir and starts `next start` against it (reader-world.ts),
// and measures with concurrent fetches from this process: the list API's first page (8 clients),
// the sidebar and the server-rendered home page. Prints a markdown table and EXPLAIN QUERY PLAN.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { resolveDatabaseTarget } from "../../lib/db/database-target";
import { runMigrations } from "../../lib/db/migrate/run-migrations";
import { ALL_ARTICLES, type ArticleScope } from "../../lib/base/article-scope";
import { buildBestMatchSql, buildListSql, DEFAULT_PAGE_SIZE } from "../../lib/reads/articles/list-query";
import {
  buildSidebarFoldersSql,
  buildSidebarSourcesSql,
  buildStarredCountSql,
} from "../../lib/reads/articles/sidebar-query";
import { DAY, measure, probeCpu, READER_ID, seedReaderDatabase, stamp, startServer, type Stats } from "./reader-world";

type Options = { articles: number; sources: number; keep: boolean; explainOnly: boolean; searchOnly: boolean };

function parseOptions(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = argv.indexOf(name);
    const parsed = index === -1 ? fallback : Number(argv[index + 1]);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} needs a positive integer`);
    return parsed;
  };
  return {
    articles: value("--articles", 20_000),
    sources: value("--sources", 1000),
    keep: argv.includes("--keep"),
    explainOnly: argv.includes("--explain-only"),
    // Only the search orders compared (compareSearchOrders), after the plans.
    searchOnly: argv.includes("--search-only"),
  };
}

type Plan = { label: string; sql: string; values: unknown[] };

function collectPlans(): Plan[] {
  const plans: Plan[] = [];
  const list = (label: string, scope: Partial<ArticleScope>) => {
    const sql = buildListSql({
      userId: READER_ID,
      scope: { ...ALL_ARTICLES, ...scope },
      order: "newest",
      cursor: null,
      limit: DEFAULT_PAGE_SIZE,
      provider: "sqlite",
    });
    plans.push({ label: `list: ${label}`, sql: sql.sql, values: sql.values });
  };
  list("all", {});
  list("one source", { sourceId: 7 });
  list("one source, unread", { sourceId: 7, unread: true });
  list("unread", { unread: true });
  list("starred", { starred: true });
  list("one folder", { folderId: 3 });
  list("one folder, unread", { folderId: 3, unread: true });
  list("search", { q: "river garden" });
  const best = buildBestMatchSql({
    userId: READER_ID,
    scope: { ...ALL_ARTICLES, q: "river garden" },
    order: "best",
    cursor: null,
    limit: DEFAULT_PAGE_SIZE,
    provider: "sqlite",
  });
  plans.push({ label: "list: search, best match", sql: best.sql, values: best.values });
  const cursor = buildListSql({
    userId: READER_ID,
    scope: ALL_ARTICLES,
    order: "newest",
    cursor: { publishedAt: new Date(Date.now() - 300 * DAY), id: 500, order: "newest" },
    limit: DEFAULT_PAGE_SIZE,
    provider: "sqlite",
  });
  plans.push({ label: "list: all, a later page (cursor)", sql: cursor.sql, values: cursor.values });
  const oldest = buildListSql({
    userId: READER_ID,
    scope: { ...ALL_ARTICLES, unread: true },
    order: "oldest",
    cursor: { publishedAt: new Date(Date.now() - 300 * DAY), id: 500, order: "oldest" },
    limit: DEFAULT_PAGE_SIZE,
    provider: "sqlite",
  });
  plans.push({ label: "list: unread, oldest first, a later page (cursor)", sql: oldest.sql, values: oldest.values });
  const sidebar = buildSidebarSourcesSql(READER_ID, new Date());
  plans.push({ label: "sidebar: sources with unread counts and health", sql: sidebar.sql, values: sidebar.values });
  const folders = buildSidebarFoldersSql(READER_ID);
  plans.push({ label: "sidebar: folders", sql: folders.sql, values: folders.values });
  const starred = buildStarredCountSql(READER_ID);
  plans.push({ label: "sidebar: starred count", sql: starred.sql, values: starred.values });
  return plans;
}

function explain(file: string, plans: Plan[]): string {
  const db = new Database(file, { readonly: true });
  const bind = (value: unknown) => (value instanceof Date ? stamp(value.getTime()) : value);
  const out = plans.map((plan) => {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${plan.sql}`).all(...plan.values.map(bind)) as { detail: string }[];
    const indexes = [
      ...new Set(rows.flatMap((row) => [...row.detail.matchAll(/INDEX ("?[\w]+"?)/g)].map((match) => match[1]))),
    ];
    // The statement alone, in this process: what the database costs, apart from HTTP and Next.
    const statement = db.prepare(plan.sql);
    const times = Array.from({ length: plan.label.includes("search") ? 3 : 50 }, () => {
      const started = performance.now();
      statement.all(...plan.values.map(bind));
      return performance.now() - started;
    }).sort((a, b) => a - b);
    const sqlTime = `SQL alone: p50 ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`;
    return `-- ${plan.label} (uses ${indexes.length > 0 ? indexes.join(", ") : "no index"}; ${sqlTime})\n${rows.map((row) => `   ${row.detail}`).join("\n")}`;
  });
  db.close();
  return out.join("\n");
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-bench-"));
  const file = path.join(dir, "tidings.db");
  const url = `file:${file}`;
  try {
    await runMigrations(resolveDatabaseTarget(url));
    const seedMs = seedReaderDatabase(file, options);
    console.log(
      `seeded ${options.articles} articles across ${options.sources} sources in ${(seedMs / 1000).toFixed(1)} s (${file})\n`,
    );
    console.log("```\n" + explain(file, collectPlans()) + "\n```\n");
    if (options.explainOnly) return;
    const server = await startServer(url);
    try {
      if (options.searchOnly) return await compareSearchOrders(server);
      // A server that has run for a while has its hot paths compiled by V8's optimising tiers;
      // measure that state. Measured here: after 20 requests the list cost 3.1 ms of CPU a request,
      // after ~2,000 1.5 ms. So every route is warmed with a thousand requests first (the home
      // page, ten times heavier, with a hundred), the list last.
      for (const warm of ["/", "/api/sidebar", "/api/articles?unread=true", "/api/articles"])
        await measure(server, warm, 8, warm === "/" ? 12 : 125);
      const load = loadavg()[0]!;
      const rows: [string, Stats, number | null][] = [
        ["list API, first page (all), 8 clients", await measure(server, "/api/articles", 8, 60), 25],
        ["list API, first page (unread), 8 clients", await measure(server, "/api/articles?unread=true", 8, 60), null],
        ["list API, first page (one source), 8 clients", await measure(server, "/api/articles?source=7", 8, 60), null],
        ["list API, first page (starred), 8 clients", await measure(server, "/api/articles?starred=true", 8, 60), null],
        [
          "list API, first page (one folder, unread), 8 clients",
          await measure(server, "/api/articles?folder=3&unread=true", 8, 60),
          null,
        ],
        ["sidebar API (unread counts), 1 client", await measure(server, "/api/sidebar", 1, 100), 20],
        ["sidebar API (unread counts), 8 clients", await measure(server, "/api/sidebar", 8, 25), null],
        ["home page server render, 1 client", await measure(server, "/", 1, 60), 150],
        [
          "for comparison: GET /api/health (one trivial query), 8 clients",
          await measure(server, "/api/health", 8, 60),
          null,
        ],
      ];
      console.log(
        `| figure (${options.articles} articles, ${options.sources} sources) | p50 | p95 | target (p95) | | server CPU per request |`,
      );
      console.log("| --- | ---: | ---: | ---: | --- | ---: |");
      for (const [label, stats, target] of rows) {
        const verdict = target === null ? "" : stats.p95 <= target ? "ok" : "MISSED";
        console.log(
          `| ${label} | ${stats.p50.toFixed(1)} ms | ${stats.p95.toFixed(1)} ms | ${target === null ? "" : `≤ ${target} ms`} | ${verdict} | ${stats.cpuMs.toFixed(1)} ms |`,
        );
      }
      // Latency on a shared machine says as much about the neighbours as about Tidings.
      console.log(
        `\nload average (1 min) at the start: ${load.toFixed(2)}, at the end: ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs`,
      );
      await compareSearchOrders(server);
      console.log(`CPU probe: 10^7 integer additions in a JS loop took ${probeCpu().toFixed(1)} ms on this machine`);
    } finally {
      await server.stop();
    }
  } finally {
    if (options.keep) console.log(`\nkept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

// Ranking's cost: a search's first page by best match (every match scored, then sorted) against
// the same search newest first (matches tested in date order until a page is full), in
// alternating rounds so that the machine's load falls on both alike. Words of the world's
// 20-word vocabulary: each is in about a quarter of the titles.
async function compareSearchOrders(server: Awaited<ReturnType<typeof startServer>>): Promise<void> {
  const queries = ["river garden", "music winter paper"];
  const ROUNDS = 3;
  const times = new Map<string, number[]>();
  const load = loadavg()[0]!;
  for (const q of queries)
    for (const order of ["newest", "best"])
      await measure(server, `/api/articles?q=${encodeURIComponent(q)}&order=${order}`, 2, 5);
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of queries) {
      for (const order of round % 2 === 0 ? ["newest", "best"] : ["best", "newest"]) {
        const stats = await measure(server, `/api/articles?q=${encodeURIComponent(q)}&order=${order}`, 2, 6);
        const key = `${q}|${order}`;
        times.set(key, [...(times.get(key) ?? []), stats.p95]);
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `\n| search, first page, 2 clients (median of ${ROUNDS} alternating rounds' p95) | newest first | best match | ratio |`,
  );
  console.log("| --- | ---: | ---: | ---: |");
  for (const q of queries) {
    const newest = median(times.get(`${q}|newest`)!);
    const best = median(times.get(`${q}|best`)!);
    console.log(`| q="${q}" | ${newest.toFixed(1)} ms | ${best.toFixed(1)} ms | ${(best / newest).toFixed(2)} |`);
  }
  console.log(`load average (1 min) before the search rounds: ${load.toFixed(2)}, after: ${loadavg()[0]!.toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
