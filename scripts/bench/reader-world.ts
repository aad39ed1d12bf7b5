// The large database of the reader's benchmarks and the built app that serves it: scripts/bench/
// reader.ts (the web reader) and sync-apis.ts (the apps' APIs) measure the same world.
//
// The seed: a fresh SQLite file (raw better-sqlite3 inserts in one transaction, the Article
// indexes built after the rows), sources in 20 folders, articles over two years (80% of the last
// month unread, 2% of older ones), a few starred. No ANALYZE is run: the plans are those of a
// fresh installation. The server: `next start` on the production build in its own process group,
// whose CPU is measured per request.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { freePort, stopGroup } from "../../tests/helpers/app-server";
import { claimFirstAdminAt } from "../../tests/helpers/first-admin";
import { createRandom } from "../seeded-random";

/** The one reader of the bench world (the first admin): the app's edge reads for them. */
export const READER_ID = 1;

export const DAY = 86_400_000;
const FOLDERS = 20;

export type SeedOptions = { articles: number; sources: number };

/** Prisma's SQLite adapter stores DateTime as ISO 8601 text with +00:00; so must we. */
export const stamp = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

const WORDS =
  "feed reader polite fetch server article source folder morning river garden quiet signal window paper market light travel winter music".split(
    " ",
  );

/** Seeds a migrated SQLite file; returns how long it took (ms). */
export function seedReaderDatabase(file: string, options: SeedOptions): number {
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
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Article' AND sql IS NOT NULL`)
    .all() as { name: string; sql: string }[];
  const text = (words: number) =>
    Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
  // A pool of bodies: generating 90 random words for each of a million rows would dominate the seed.
  const bodies = Array.from({ length: 997 }, () => text(90));
  const titles = Array.from({ length: 9973 }, () => text(6));
  db.transaction(() => {
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    // One reader (the first admin) follows every source: their folders, subscriptions and reading rows.
    db.prepare(`INSERT INTO "User" ("id", "name", "role", "createdAt") VALUES (?, 'tidings', 'admin', ?)`).run(
      READER_ID,
      stamp(now),
    );
    const folder = db.prepare(
      `INSERT INTO "UserFolder" ("userId", "name", "position", "createdAt") VALUES (?, ?, ?, ?)`,
    );
    for (let f = 1; f <= FOLDERS; f++) folder.run(READER_ID, `Folder ${f}`, f, stamp(now));
    const source =
      db.prepare(`INSERT INTO "Source" ("feedUrl", "title", "enabled", "disabledReason", "breakerState", "consecutiveErrors",
      "lastFetchedAt", "lastOutcome", "lastSuccessAt", "lastNewArticleAt", "nextDueAt", "nextCheckReason", "createdAt", "updatedAt")
      VALUES (?, ?, ?, ?, ?, ?, ?, 'ok', ?, ?, ?, 'adaptive interval', ?, ?)`);
    const subscription = db.prepare(
      `INSERT INTO "Subscription" ("userId", "sourceId", "folderId", "createdAt") VALUES (?, ?, ?, ?)`,
    );
    for (let s = 1; s <= options.sources; s++) {
      const folderId = s % 5 === 0 ? null : ((s * 7) % FOLDERS) + 1;
      const gone = s % 97 === 0;
      source.run(
        `https://site-${s}.example/feed.xml`,
        `Site ${s} ${text(2)}`,
        gone ? 0 : 1,
        gone ? "gone" : null,
        s % 89 === 0 ? "open" : "closed",
        s % 13 === 0 ? 2 : 0,
        stamp(now - 600_000),
        stamp(now - 600_000),
        stamp(now - (s % 40) * DAY),
        stamp(now + 3_600_000),
        stamp(now),
        stamp(now),
      );
      // After its source: the foreign key is checked as each row goes in.
      subscription.run(READER_ID, s, folderId, stamp(now));
    }
    const published = Array.from(
      { length: options.articles },
      () => Math.floor((now - random() * 730 * DAY) / 1000) * 1000,
    ).sort((a, b) => a - b);
    // Many rows per statement: binding is what costs, not SQLite.
    const columns = `"sourceId", "dedupeKey", "guid", "url", "title", "author", "snippet", "content", "publishedAt", "firstSeenAt", "contentHash"`;
    const unreadRow = db.prepare(
      `INSERT INTO "UnreadArticle" ("userId", "articleId", "sourceId", "publishedAt") VALUES (?, ?, ?, ?)`,
    );
    const starredRow = db.prepare(
      `INSERT INTO "StarredArticle" ("userId", "articleId", "sourceId", "publishedAt", "starredAt") VALUES (?, ?, ?, ?, ?)`,
    );
    const batch = 100;
    const insert = (rows: number) =>
      db.prepare(
        `INSERT INTO "Article" (${columns}) VALUES ${Array(rows)
          .fill(`(${Array(11).fill("?").join(",")})`)
          .join(",")}`,
      );
    const full = insert(batch);
    let values: unknown[] = [];
    const unreadBySource = new Map<number, number>();
    const reading: { unread: unknown[][]; starred: unknown[][] } = { unread: [], starred: [] };
    for (let a = 0; a < options.articles; a++) {
      // Some sources publish far more than others.
      const sourceId = 1 + Math.floor(random() ** 2 * options.sources);
      const at = published[a]!;
      const fresh = now - at < 30 * DAY;
      const unread = random() < (fresh ? 0.8 : 0.02);
      if (unread) unreadBySource.set(sourceId, (unreadBySource.get(sourceId) ?? 0) + 1);
      // Ids are given in insertion order (a fresh table): article a is row a + 1.
      if (unread) reading.unread.push([READER_ID, a + 1, sourceId, stamp(at)]);
      if (random() < 0.001) reading.starred.push([READER_ID, a + 1, sourceId, stamp(at), stamp(at + DAY)]);
      const body = bodies[a % bodies.length]!;
      values.push(
        sourceId,
        `urn:bench:${a}`,
        `urn:bench:${a}`,
        `https://site-${sourceId}.example/posts/${a}`,
        titles[a % titles.length]!,
        a % 2 === 0 ? "A. Writer" : null,
        body.slice(0, 200),
        `<p>${body}</p>`,
        stamp(at),
        stamp(at + 60_000),
        `hash-${a}`,
      );
      if (values.length === batch * 11) {
        full.run(...values);
        values = [];
      }
    }
    if (values.length > 0) insert(values.length / 11).run(...values);
    for (const row of reading.unread) unreadRow.run(...row);
    for (const row of reading.starred) starredRow.run(...row);
    console.log(`  rows inserted after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const { sql } of indexes) db.exec(sql);
    console.log(`  indexes built after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const count = db.prepare(`UPDATE "Subscription" SET "unreadCount" = ? WHERE "userId" = ? AND "sourceId" = ?`);
    for (const [sourceId, unread] of unreadBySource) count.run(unread, READER_ID, sourceId);
    db.exec(
      `UPDATE "Source" SET "articleCount" = (SELECT COUNT(*) FROM "Article" WHERE "Article"."sourceId" = "Source"."id")`,
    );
  })();
  db.pragma("journal_mode = WAL");
  db.close();
  return performance.now() - started;
}

export type Stats = { p50: number; p95: number; count: number; cpuMs: number };

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

/** `clients` concurrent clients, each sending `requestsPerClient` requests one after the other. */
/**
 * A smoke run (`npm run bench:smoke`, CI) scales every sample count down: it checks that each
 * benchmark still runs, not its figures, and the full counts are most of its time.
 */
const SAMPLE_SCALE = Number(process.env.TIDINGS_BENCH_SAMPLE_SCALE ?? "1");

export async function measure(
  server: Server,
  path: string,
  clients: number,
  fullRequestsPerClient: number,
  init: RequestInit = {},
): Promise<Stats> {
  const requestsPerClient = Math.max(2, Math.ceil(fullRequestsPerClient * SAMPLE_SCALE));
  const times: number[] = [];
  const cpuBefore = groupCpuMs(server.pgid);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < requestsPerClient; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}${path}`, init);
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
export function probeCpu(): number {
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

export type Server = { url: string; pgid: number; stop(): Promise<void> };

/** `next start` on the production build, in its own process group (the server's CPU is measured per group). */
export async function startServer(databaseUrl: string): Promise<Server> {
  await claimFirstAdminAt(databaseUrl); // an installation in use: open on loopback, no login
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.resolve("node_modules/next/dist/bin/next"), "start", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_MANUAL_SIG_HANDLE: "true",
        TIDINGS_SCHEDULER: "false",
        TIDINGS_LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl,
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`next start exited with ${child.exitCode} (did you run npm run build?)`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, pgid: child.pid!, stop: () => stopGroup(child) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopGroup(child);
  throw new Error("next start did not become healthy in 60 s");
}
