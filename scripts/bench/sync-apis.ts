// Measures the apps' APIs (Google Reader and Fever) against the issue's figures, on the reader
// bench's large SQLite database (reader-world.ts: 1,000,000 articles over 1,000 sources in
// `npm run bench`). Needs a production build (`npm run build`).
//
//   npx tsx scripts/bench/sync-apis.ts [--articles 20000] [--sources 1000]
//
// An API password is set in the seeded file, then the app signs in once with ClientLogin, as an
// app does, and sends every request with its Auth token (Fever: its api_key). Each route is warmed
// first (V8's optimising tiers; see reader.ts), then measured from this process with concurrent
// clients: stream/contents of 100 items and Fever items of 50 at 4 clients (≤ 50 ms p95),
// stream/items/ids of 10,000 ids (≤ 200 ms), unread-count (≤ 20 ms).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { resolveDatabaseTarget } from "../../lib/db/database-target";
import { runMigrations } from "../../lib/db/migrate/run-migrations";
import { closePrismaClient, createPrismaClient } from "../../lib/db/prisma-client";
import { deriveApiCredentials, feverKeyOf } from "../../lib/features/auth/api-credentials";
import { saveApiCredentials } from "../../lib/features/auth/api-credential-store";
import { ms, printFigures, type BenchFigure } from "./bench-output";
import { measure, seedReaderDatabase, startServer, type Server, type Stats } from "./reader-world";

const USER = "bench";
const PASSWORD = "a long bench api password";
const READING_LIST = "user/-/state/com.google/reading-list";
const READ = "user/-/state/com.google/read";

const { values } = parseArgs({
  options: { articles: { type: "string", default: "20000" }, sources: { type: "string", default: "1000" } },
});
const options = { articles: Number(values.articles), sources: Number(values.sources) };

async function setApiPassword(url: string): Promise<void> {
  const db = createPrismaClient(resolveDatabaseTarget(url));
  try {
    const user = await db.user.upsert({ where: { name: USER }, create: { name: USER, role: "admin" }, update: {} });
    await saveApiCredentials(db, user.id, await deriveApiCredentials({ user: USER, password: PASSWORD }));
  } finally {
    await closePrismaClient(db);
  }
}

async function logIn(server: Server): Promise<string> {
  const response = await fetch(`${server.url}/api/greader/accounts/ClientLogin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ Email: USER, Passwd: PASSWORD }).toString(),
  });
  const auth = /^Auth=(.+)$/m.exec(await response.text())?.[1];
  if (!auth) throw new Error(`ClientLogin answered ${response.status}`);
  return auth;
}

/** How many items (or ids) one answer carries: the figure is only worth quoting at full size. */
async function countOf(
  server: Server,
  route: string,
  init: RequestInit,
  read: (json: Record<string, unknown[]>) => number,
): Promise<number> {
  const response = await fetch(`${server.url}${route}`, init);
  if (!response.ok) throw new Error(`${route}: HTTP ${response.status}`);
  return read((await response.json()) as Record<string, unknown[]>);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-bench-sync-"));
  const url = `file:${path.join(dir, "tidings.db")}`;
  try {
    await runMigrations(resolveDatabaseTarget(url));
    const seedMs = seedReaderDatabase(path.join(dir, "tidings.db"), options);
    console.log(
      `seeded ${options.articles} articles across ${options.sources} sources in ${(seedMs / 1000).toFixed(1)} s`,
    );
    await setApiPassword(url);
    const server = await startServer(url);
    try {
      const greader: RequestInit = { headers: { authorization: `GoogleLogin auth=${await logIn(server)}` } };
      const fever: RequestInit = {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ api_key: feverKeyOf(USER, PASSWORD) }).toString(),
      };
      const contents = `/api/greader/reader/api/0/stream/contents/${encodeURIComponent(READING_LIST)}?n=100`;
      const unreadContents = `${contents}&xt=${encodeURIComponent(READ)}`;
      const ids = `/api/greader/reader/api/0/stream/items/ids?s=${encodeURIComponent(READING_LIST)}&n=10000`;
      const unreadIds = `${ids}&xt=${encodeURIComponent(READ)}`;
      const unreadCount = "/api/greader/reader/api/0/unread-count?output=json";
      const feverNewest = "/api/fever.php?api&items&max_id=0";
      const feverSince = `/api/fever.php?api&items&since_id=${Math.floor(options.articles / 2)}`;
      const routes: [string, RequestInit][] = [
        [contents, greader],
        [unreadContents, greader],
        [ids, greader],
        [unreadIds, greader],
        [unreadCount, greader],
        [feverNewest, fever],
        [feverSince, fever],
      ];
      // Fever bodies are strings: a RequestInit can be sent again and again.
      for (const [route, init] of routes) await measure(server, route, 4, route.includes("items/ids") ? 25 : 150, init);
      const sizes = {
        contents: await countOf(server, contents, greader, (json) => json.items!.length),
        ids: await countOf(server, ids, greader, (json) => json.itemRefs!.length),
        unreadIds: await countOf(server, unreadIds, greader, (json) => json.itemRefs!.length),
        fever: await countOf(server, feverNewest, fever, (json) => json.items!.length),
      };
      const load = loadavg()[0]!;
      const rows: [string, Stats, number | null][] = [
        [
          `GReader stream/contents, reading list, ${sizes.contents} items, 4 clients`,
          await measure(server, contents, 4, 60, greader),
          50,
        ],
        [
          `GReader stream/contents, unread (xt=read), 100 items, 4 clients`,
          await measure(server, unreadContents, 4, 60, greader),
          50,
        ],
        [
          `Fever items (max_id=0), ${sizes.fever} items, 4 clients`,
          await measure(server, feverNewest, 4, 60, fever),
          50,
        ],
        [`Fever items (since_id), 50 items, 4 clients`, await measure(server, feverSince, 4, 60, fever), 50],
        [
          `GReader stream/items/ids, reading list, ${sizes.ids} ids, 1 client`,
          await measure(server, ids, 1, 30, greader),
          200,
        ],
        [
          `GReader stream/items/ids, unread (xt=read), ${sizes.unreadIds} ids, 1 client`,
          await measure(server, unreadIds, 1, 30, greader),
          200,
        ],
        [
          `GReader unread-count, ${options.sources} feeds, 1 client`,
          await measure(server, unreadCount, 1, 100, greader),
          20,
        ],
        [
          `GReader unread-count, ${options.sources} feeds, 4 clients`,
          await measure(server, unreadCount, 4, 25, greader),
          null,
        ],
        // The floor under every figure: Next's routing and one trivial query, on this machine now.
        ["for comparison: GET /api/health, 4 clients", await measure(server, "/api/health", 4, 60), null],
      ];
      const figures: BenchFigure[] = rows.map(([figure, stats, target]) => ({
        figure: `${figure} (${options.articles} articles): p95 (p50 ${ms(stats.p50)}, server CPU ${ms(stats.cpuMs)}/request)`,
        value: ms(stats.p95),
        target: target === null ? "" : `≤ ${target} ms${stats.p95 <= target ? "" : " MISSED"}`,
      }));
      printFigures("The apps' APIs (SQLite)", figures);
      console.log(`\nload average (1 min) at the start: ${load.toFixed(2)}, at the end: ${loadavg()[0]!.toFixed(2)}`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
