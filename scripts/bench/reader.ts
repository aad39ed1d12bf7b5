// Measures the reader against the issue's figures on a large SQLite database, and shows which
// index each of its queries uses. Needs a production build (`npm run build`).
//
//   npx tsx scripts/bench/reader.ts [--articles 20000] [--sources 1000] [--keep] [--explain-only]
//
// Seeds a fresh SQLite file in a temp dir (raw better-sqlite3 inserts in one transaction, the
// Article indexes built after the rows), starts `next start` against it, and measures with
// concurrent fetches from this process: the list API's first page (8 clients), the sidebar and
// the server-rendered home page. Prints a markdown table and EXPLAIN QUERY PLAN. No ANALYZE is
// run: the plans are those of a fresh installation.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { resolveDatabaseTarget } from "../../lib/db/database-target";
import { runMigrations } from "../../lib/db/migrate/run-migrations";
import { ALL_ARTICLES, type ArticleScope } from "../../lib/articles/article-scope";
import { buildListSql, DEFAULT_PAGE_SIZE } from "../../lib/articles/list-query";
import { buildSidebarSourcesSql, SIDEBAR_FOLDERS_SQL, STARRED_COUNT_SQL } from "../../lib/articles/sidebar-query";
import { spawn } from "node:child_process";
import { freePort, stopGroup } from "../../tests/helpers/app-server";
import { createRandom } from "../seeded-random";

const DAY = 86_400_000;
const FOLDERS = 20;

type Options = { articles: number; sources: number; keep: boolean; explainOnly: boolean };

function parseOptions(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = argv.indexOf(name);
    const parsed = index === -1 ? fallback : Number(argv[index + 1]);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} needs a positive integer`);
    return parsed;
  };
  return { articles: value("--articles", 20_000), sources: value("--sources", 1000), keep: argv.includes("--keep"), explainOnly: argv.includes("--explain-only") };
}

/** Prisma's SQLite adapter stores DateTime as ISO 8601 text with +00:00; so must we. */
const stamp = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

const WORDS = "feed reader polite fetch server article source folder morning river garden quiet signal window paper market light travel winter music".split(" ");

function seed(file: string, options: Options): number {
  const started = performance.now();
  const random = createRandom(42);
  const db = new Database(file);
  // A bulk load into a throwaway file: no journal, no fsync; WAL is switched back on at the end.
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -524288");
  db.pragma("temp_store = MEMORY");
  db.pragma("threads = 4");
  const now = Date.now();
  // Build the Article indexes after the rows (as the migration defines them): much faster.
  const indexes = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Article' AND sql IS NOT NULL`).all() as { name: string; sql: string }[];
  const text = (words: number) => Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
  // A pool of bodies: generating 90 random words for each of a million rows would dominate the seed.
  const bodies = Array.from({ length: 997 }, () => text(90));
  const titles = Array.from({ length: 9973 }, () => text(6));
  db.transaction(() => {
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const folder = db.prepare(`INSERT INTO "Folder" ("name", "position", "createdAt") VALUES (?, ?, ?)`);
    for (let f = 1; f <= FOLDERS; f++) folder.run(`Folder ${f}`, f, stamp(now));
    const source = db.prepare(`INSERT INTO "Source" ("feedUrl", "title", "folderId", "enabled", "disabledReason", "breakerState", "consecutiveErrors",
      "lastFetchedAt", "lastOutcome", "lastSuccessAt", "lastNewArticleAt", "nextDueAt", "nextCheckReason", "createdAt", "updatedAt")
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'ok', ?, ?, ?, 'adaptive interval', ?, ?)`);
    for (let s = 1; s <= options.sources; s++) {
      const folderId = s % 5 === 0 ? null : ((s * 7) % FOLDERS) + 1;
      const gone = s % 97 === 0;
      source.run(`https://site-${s}.example/feed.xml`, `Site ${s} ${text(2)}`, folderId, gone ? 0 : 1, gone ? "gone" : null, s % 89 === 0 ? "open" : "closed",
        s % 13 === 0 ? 2 : 0, stamp(now - 600_000), stamp(now - 600_000), stamp(now - (s % 40) * DAY), stamp(now + 3_600_000), stamp(now), stamp(now));
    }
    const published = Array.from({ length: options.articles }, () => Math.floor((now - random() * 730 * DAY) / 1000) * 1000).sort((a, b) => a - b);
    // Many rows per statement: binding is what costs, not SQLite.
    const columns = `"sourceId", "dedupeKey", "guid", "url", "title", "author", "snippet", "content", "publishedAt", "firstSeenAt", "contentHash", "readAt", "starredAt"`;
    const batch = 100;
    const insert = (rows: number) => db.prepare(`INSERT INTO "Article" (${columns}) VALUES ${Array(rows).fill(`(${Array(13).fill("?").join(",")})`).join(",")}`);
    const full = insert(batch);
    let values: unknown[] = [];
    const unreadBySource = new Map<number, number>();
    for (let a = 0; a < options.articles; a++) {
      // Some sources publish far more than others.
      const sourceId = 1 + Math.floor(random() ** 2 * options.sources);
      const at = published[a]!;
      const fresh = now - at < 30 * DAY;
      const unread = random() < (fresh ? 0.8 : 0.02);
      if (unread) unreadBySource.set(sourceId, (unreadBySource.get(sourceId) ?? 0) + 1);
      const body = bodies[a % bodies.length]!;
      values.push(sourceId, `urn:bench:${a}`, `urn:bench:${a}`, `https://site-${sourceId}.example/posts/${a}`, titles[a % titles.length]!, a % 2 === 0 ? "A. Writer" : null,
        body.slice(0, 200), `<p>${body}</p>`, stamp(at), stamp(at + 60_000), `hash-${a}`, unread ? null : stamp(at + DAY), random() < 0.001 ? stamp(at + DAY) : null);
      if (values.length === batch * 13) {
        full.run(...values);
        values = [];
      }
    }
    if (values.length > 0) insert(values.length / 13).run(...values);
    console.log(`  rows inserted after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const { sql } of indexes) db.exec(sql);
    console.log(`  indexes built after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const count = db.prepare(`UPDATE "Source" SET "unreadCount" = ? WHERE "id" = ?`);
    for (const [sourceId, unread] of unreadBySource) count.run(unread, sourceId);
    db.exec(`UPDATE "Source" SET "articleCount" = (SELECT COUNT(*) FROM "Article" WHERE "Article"."sourceId" = "Source"."id")`);
  })();
  db.pragma("journal_mode = WAL");
  db.close();
  return performance.now() - started;
}

type Plan = { label: string; sql: string; values: unknown[] };

function collectPlans(): Plan[] {
  const plans: Plan[] = [];
  const list = (label: string, scope: Partial<ArticleScope>) => {
    const sql = buildListSql({ scope: { ...ALL_ARTICLES, ...scope }, cursor: null, limit: DEFAULT_PAGE_SIZE, provider: "sqlite" });
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
  const cursor = buildListSql({ scope: ALL_ARTICLES, cursor: { publishedAt: new Date(Date.now() - 300 * DAY), id: 500 }, limit: DEFAULT_PAGE_SIZE, provider: "sqlite" });
  plans.push({ label: "list: all, a later page (cursor)", sql: cursor.sql, values: cursor.values });
  const sidebar = buildSidebarSourcesSql(new Date());
  plans.push({ label: "sidebar: sources with unread counts and health", sql: sidebar.sql, values: sidebar.values });
  plans.push({ label: "sidebar: folders", sql: SIDEBAR_FOLDERS_SQL.sql, values: SIDEBAR_FOLDERS_SQL.values });
  plans.push({ label: "sidebar: starred count", sql: STARRED_COUNT_SQL.sql, values: STARRED_COUNT_SQL.values });
  return plans;
}

function explain(file: string, plans: Plan[]): string {
  const db = new Database(file, { readonly: true });
  const bind = (value: unknown) => (value instanceof Date ? stamp(value.getTime()) : value);
  const out = plans.map((plan) => {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${plan.sql}`).all(...plan.values.map(bind)) as { detail: string }[];
    const indexes = [...new Set(rows.flatMap((row) => [...row.detail.matchAll(/INDEX ("?[\w]+"?)/g)].map((match) => match[1])))];
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

type Stats = { p50: number; p95: number; count: number; cpuMs: number };

/** CPU time (user + system) of every process in the server's process group, in ms. */
function groupCpuMs(pgid: number): number {
  const ticks = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        // Fields after the ")" that ends the command name: state ppid pgrp ... utime(14) stime(15).
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        return Number(fields[2]) === pgid ? Number(fields[11]) + Number(fields[12]) : 0;
      } catch {
        return 0;
      }
    });
  return (ticks.reduce((a, b) => a + b, 0) * 1000) / 100; // USER_HZ is 100 on Linux
}

async function measure(server: Server, path: string, clients: number, requestsPerClient: number): Promise<Stats> {
  const times: number[] = [];
  const cpuBefore = groupCpuMs(server.pgid);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < requestsPerClient; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}${path}`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  const cpuMs = (groupCpuMs(server.pgid) - cpuBefore) / times.length;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), count: times.length, cpuMs };
}

/** A fixed piece of work, to compare machines: the figures scale with it. */
function probeCpu(): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    let total = 0;
    for (let i = 0; i < 10_000_000; i++) total += i & 7;
    if (total < 0) console.log(total);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

type Server = { url: string; pgid: number; stop(): Promise<void> };

/** `next start` on the production build, in its own process group (the server's CPU is measured per group). */
async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "--hostname", "127.0.0.1", "--port", String(port)], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "true", TIDINGS_SCHEDULER: "false", TIDINGS_LOG_LEVEL: "warn", DATABASE_URL: databaseUrl },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode} (did you run npm run build?)`);
    const healthy = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return { url, pgid: child.pid!, stop: () => stopGroup(child) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopGroup(child);
  throw new Error("next start did not become healthy in 60 s");
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-bench-"));
  const file = path.join(dir, "tidings.db");
  const url = `file:${file}`;
  try {
    await runMigrations(resolveDatabaseTarget(url));
    const seedMs = seed(file, options);
    console.log(`seeded ${options.articles} articles across ${options.sources} sources in ${(seedMs / 1000).toFixed(1)} s (${file})\n`);
    console.log("```\n" + explain(file, collectPlans()) + "\n```\n");
    if (options.explainOnly) return;
    const server = await startServer(url);
    try {
      // A server that has run for a while has its hot paths compiled by V8's optimising tiers;
      // measure that state. Measured here: after 20 requests the list cost 3.1 ms of CPU a request,
      // after ~2,000 1.5 ms. So every route is warmed with a thousand requests first (the home
      // page, ten times heavier, with a hundred), the list last.
      for (const warm of ["/", "/api/sidebar", "/api/articles?unread=true", "/api/articles"]) await measure(server, warm, 8, warm === "/" ? 12 : 125);
      const load = loadavg()[0]!;
      const rows: [string, Stats, number | null][] = [
        ["list API, first page (all), 8 clients", await measure(server, "/api/articles", 8, 60), 25],
        ["list API, first page (unread), 8 clients", await measure(server, "/api/articles?unread=true", 8, 60), null],
        ["list API, first page (one source), 8 clients", await measure(server, "/api/articles?source=7", 8, 60), null],
        ["list API, first page (starred), 8 clients", await measure(server, "/api/articles?starred=true", 8, 60), null],
        ["list API, first page (one folder, unread), 8 clients", await measure(server, "/api/articles?folder=3&unread=true", 8, 60), null],
        ["sidebar API (unread counts), 1 client", await measure(server, "/api/sidebar", 1, 100), 20],
        ["sidebar API (unread counts), 8 clients", await measure(server, "/api/sidebar", 8, 25), null],
        ["home page server render, 1 client", await measure(server, "/", 1, 60), 150],
        ["for comparison: GET /api/health (one trivial query), 8 clients", await measure(server, "/api/health", 8, 60), null],
      ];
      console.log(`| figure (${options.articles} articles, ${options.sources} sources) | p50 | p95 | target (p95) | | server CPU per request |`);
      console.log("| --- | ---: | ---: | ---: | --- | ---: |");
      for (const [label, stats, target] of rows) {
        const verdict = target === null ? "" : stats.p95 <= target ? "ok" : "MISSED";
        console.log(`| ${label} | ${stats.p50.toFixed(1)} ms | ${stats.p95.toFixed(1)} ms | ${target === null ? "" : `≤ ${target} ms`} | ${verdict} | ${stats.cpuMs.toFixed(1)} ms |`);
      }
      // Latency on a shared machine says as much about the neighbours as about Tidings.
      console.log(`\nload average (1 min) at the start: ${load.toFixed(2)}, at the end: ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs`);
      console.log(`CPU probe: 10^7 integer additions in a JS loop took ${probeCpu().toFixed(1)} ms on this machine`);
    } finally {
      await server.stop();
    }
  } finally {
    if (options.keep) console.log(`\nkept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
