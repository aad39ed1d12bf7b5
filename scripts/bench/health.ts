// How fast the health pages render on a big fleet.
// npx tsx scripts/bench/health.ts [--fetches 50000] [--sources 1000] [--requests 20] [--postgres] [--keep]
//
// Seeds a fresh database with raw SQL (SQLite: better-sqlite3 in one transaction; PostgreSQL:
// multi-row INSERT ... SELECT FROM unnest(...) through `pg`, into a fresh schema dropped
// afterwards), the Fetch indexes built after the rows as a bulk load would. The rows look like
// a steady state under the retention rule: every source's fetches spread over the last 90 days,
// ~70% not modified, ~25% ok, ~5% errors, with their daily roll-ups, rounds and a few articles.
// Then it starts the BUILT app (`npm run build` first) against that database and measures the
// full response time of /sources/<id> and /health (p50/p95 of --requests requests after warm-up).
// PostgreSQL: BENCH_POSTGRES_URL, else DATABASE_URL when it is a postgresql:// URL, else
// postgresql://postgres@127.0.0.1:5432/test. --keep seeds, prints the DATABASE_URL and keeps the
// database for profiling (no measurement, nothing dropped); --url <that DATABASE_URL> measures a
// kept database again without seeding (give the same --sources), so that two builds can be
// compared on the same rows.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { resolveDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { startAppServer } from "@/tests/helpers/app-server";
import { classifyCachingEvidence } from "@/lib/pipeline/store/fetch/caching-evidence";
import { FETCH_LOG_DAYS } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { driftBucketMs, driftHour } from "@/lib/pipeline/store/fetch/drift-rollup";
import { createRandom } from "../seeded-random";

const { values } = parseArgs({
  options: {
    fetches: { type: "string", default: "50000" },
    sources: { type: "string", default: "1000" },
    requests: { type: "string", default: "20" },
    postgres: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    url: { type: "string" },
    // How far back the fetch rows go: the pruned log's steady state by default (FETCH_LOG_DAYS).
    days: { type: "string", default: String(FETCH_LOG_DAYS) },
  },
});
const SPAN_DAYS = Number(values.days);
const FETCHES = Number(values.fetches);
const SOURCES = Number(values.sources);
const REQUESTS = Number(values.requests);
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();

type Value = string | number | boolean | null;
type Table = { name: string; columns: Array<[string, string]> };
type Sink = {
  insert(table: Table, rows: Value[][]): Promise<void>;
  dropIndexes(table: string): Promise<string[]>;
  run(sql: string): Promise<void>;
  close(): Promise<void>;
  /** Bytes per table, its indexes included (after close: the file or the schema as it stands). */
  tableBytes(): Promise<Map<string, number>>;
};

const T = (name: string, columns: string): Table => ({
  name,
  columns: columns.split(",").map((spec) => spec.trim().split(":") as [string, string]),
});
const SOURCE = T(
  "Source",
  "id:int,feedUrl:text,title:text,enabled:bool,disabledReason:text,etag:text,lastBodyBytes:int,nextDueAt:ts,intervalSeconds:int,consecutiveErrors:int,breakerState:text,nextCheckReason:text,lastFetchedAt:ts,lastOutcome:text,lastErrorKind:text,lastSuccessAt:ts,lastNewArticleAt:ts,createdAt:ts,updatedAt:ts",
);
const FETCH = T(
  "Fetch",
  "sourceId:int,startedAt:ts,durationMs:int,outcome:text,errorKind:text,httpStatus:int,bytesReceived:int,bodyBytes:int,newArticles:int,bodyUnchanged:bool,conditional:bool,etagReceived:text,contentEncoding:text,maxAgeSeconds:int,detail:text,parseMs:int,laneWaitMs:int,driftMs:int",
);
const DAILY = T(
  "FetchDaily",
  "sourceId:int,day:text,ok:int,notModified:int,error:int,bytesReceived:int,bytesSaved:int,newArticles:int,durationMsSum:int,conditional:int,answered304:int,churned:int,resent:int,changed:int",
);
const DRIFT = T("FetchDrift", "hour:text,driftMs:int,fetches:int");
const FLEET_DAILY = T(
  "FetchFleetDaily",
  "day:text,ok:int,notModified:int,error:int,bytesReceived:bigint,bytesSaved:bigint,newArticles:int,durationMsSum:bigint",
);
const ROUND = T(
  "Round",
  "startedAt:ts,finishedAt:ts,trigger:text,instanceId:text,sourcesDue:int,sourcesAttempted:int,okCount:int,notModifiedCount:int,errorCount:int,newArticles:int,bytesReceived:int,offline:bool",
);
const EVENT = T("SourceEvent", "sourceId:int,at:ts,kind:text,detail:text");
const ARTICLE = T("Article", "sourceId:int,dedupeKey:text,title:text,publishedAt:ts,firstSeenAt:ts,contentHash:text");
// One reader follows every source, in their folders.
const USER = T("User", "id:int,name:text,role:text");
const FOLDER = T("UserFolder", "id:int,userId:int,name:text,position:int");
const SUBSCRIPTION = T("Subscription", "userId:int,sourceId:int,folderId:int");

async function seed(sink: Sink, toTime: (ms: number) => string): Promise<{ targetId: number; dailyRows: number }> {
  const rand = createRandom(42);
  await sink.insert(USER, [[1, "tidings", "admin"]]);
  await sink.insert(
    FOLDER,
    Array.from({ length: 10 }, (_, i) => [i + 1, 1, `Folder ${i + 1}`, i]),
  );
  const sources: Value[][] = [];
  const subscriptions: Value[][] = [];
  for (let id = 1; id <= SOURCES; id++) {
    const kind =
      id % 50 === 0
        ? "gone"
        : id % 50 === 1
          ? "disabled"
          : id % 50 === 2
            ? "breaker"
            : id % 25 === 3
              ? "backoff"
              : id % 20 === 4
                ? "quiet"
                : "healthy";
    const failing = kind === "gone" || kind === "breaker" || kind === "backoff";
    sources.push([
      id,
      `https://host-${id % 400}.example/feed-${id}.xml`,
      `Feed number ${id}`,
      kind !== "gone" && kind !== "disabled",
      kind === "gone" ? "gone" : kind === "disabled" ? "user" : null,
      `"etag-${id}"`,
      40_000,
      toTime(NOW + rand() * 3600_000),
      3600,
      kind === "breaker" ? 6 : kind === "backoff" ? 2 : 0,
      kind === "breaker" ? "open" : "closed",
      failing ? "backoff after errors" : "interval 1 h",
      toTime(NOW - 600_000),
      failing ? "error" : "not_modified",
      failing ? "http_5xx" : null,
      toTime(NOW - (failing ? 5 * DAY : 600_000)),
      toTime(NOW - (kind === "quiet" ? 45 * DAY : DAY)),
      toTime(NOW - 120 * DAY),
      toTime(NOW),
    ]);
  }
  await sink.insert(SOURCE, sources);
  for (let id = 1; id <= SOURCES; id++) subscriptions.push([1, id, id % 3 === 0 ? null : (id % 10) + 1]);
  await sink.insert(SUBSCRIPTION, subscriptions);
  await sink.insert(
    EVENT,
    Array.from({ length: SOURCES }, (_, i) => [i + 1, toTime(NOW - 120 * DAY), "added", `Subscribed to feed ${i + 1}`]),
  );
  await sink.insert(
    ARTICLE,
    Array.from({ length: SOURCES * 20 }, (_, i) => [
      Math.floor(i / 20) + 1,
      `urn:${i}`,
      `Article ${i}`,
      toTime(NOW - (i % 20) * DAY),
      toTime(NOW - (i % 20) * DAY),
      `hash-${i}`,
    ]),
  );
  const rounds: Value[][] = [];
  for (let at = NOW - 90 * DAY; at < NOW; at += 5 * 60_000)
    rounds.push([toTime(at), toTime(at + 20_000), "cron", "bench", 12, 12, 3, 8, 1, 2, 150_000, rand() < 0.002]);
  await sink.insert(ROUND, rounds);

  const fetchIndexes = await sink.dropIndexes("Fetch");
  const daily = new Map<string, number[]>();
  // The fleet's drift roll-up, as writeFetch counts each fetch into it: "hour|bucket" → fetches.
  const drift = new Map<string, number>();
  const perSource = Math.floor(FETCHES / SOURCES);
  let batch: Value[][] = [];
  for (let sourceId = 1; sourceId <= SOURCES; sourceId++) {
    let previousFullEtag: string | null = null;
    const count = perSource + (sourceId <= FETCHES % SOURCES ? 1 : 0);
    const step = (SPAN_DAYS * DAY) / count;
    for (let k = 0; k < count; k++) {
      const startedAt = Math.floor(NOW - SPAN_DAYS * DAY + (k + rand()) * step);
      const roll = rand();
      const outcome = roll < 0.05 ? "error" : roll < 0.3 ? "ok" : "not_modified";
      const bytes = outcome === "ok" ? 8_000 + Math.floor(rand() * 40_000) : 0;
      const duration = outcome === "error" ? 500 + Math.floor(rand() * 5000) : 40 + Math.floor(rand() * 400);
      const fresh = outcome === "ok" && rand() < 0.6 ? 1 + Math.floor(rand() * 3) : 0;
      const etagReceived = outcome === "error" ? null : `"etag-${sourceId}-${Math.floor(k / 10)}"`;
      // Timings (issue 20): a parse for bodies, a lane wait, and drift with a tail (the fleet chart's figures).
      const parseMs = outcome === "ok" ? 2 + Math.floor(rand() * 30) : null;
      const laneWaitMs = Math.floor(rand() * 2000);
      const driftMs = rand() < 0.03 ? 600_000 + Math.floor(rand() * 1_800_000) : Math.floor(rand() * 300_000);
      const driftKey = `${driftHour(new Date(startedAt))}|${driftBucketMs(driftMs)}`;
      drift.set(driftKey, (drift.get(driftKey) ?? 0) + 1);
      batch.push([
        sourceId,
        toTime(startedAt),
        duration,
        outcome,
        outcome === "error" ? "http_5xx" : null,
        outcome === "ok" ? 200 : outcome === "error" ? 503 : 304,
        bytes,
        outcome === "ok" ? bytes * 4 : null,
        fresh,
        outcome === "ok" && fresh === 0,
        k > 0,
        etagReceived,
        outcome === "ok" ? "gzip" : null,
        outcome === "error" ? null : 1800,
        outcome === "error" ? "HTTP 503 Service Unavailable" : null,
        parseMs,
        laneWaitMs,
        driftMs,
      ]);
      const key = `${sourceId}|${new Date(startedAt).toISOString().slice(0, 10)}`;
      const sums = daily.get(key) ?? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
      sums[outcome === "ok" ? 0 : outcome === "not_modified" ? 1 : 2]! += 1;
      sums[3]! += bytes;
      sums[4]! += outcome === "not_modified" ? 40_000 : 0;
      sums[5]! += fresh;
      sums[6]! += duration;
      sums[7]! += k > 0 ? 1 : 0;
      // The caching evidence, as writeFetch counts it into the roll-up.
      const answered = { outcome, conditional: k > 0, bodyUnchanged: outcome === "ok" && fresh === 0, etagReceived };
      const evidence = classifyCachingEvidence(answered, previousFullEtag);
      sums[8]! += evidence.answered304;
      sums[9]! += evidence.churned;
      sums[10]! += evidence.resent;
      sums[11]! += evidence.changed;
      if (outcome === "ok") previousFullEtag = etagReceived;
      daily.set(key, sums);
      if (batch.length === 10_000) {
        await sink.insert(FETCH, batch);
        batch = [];
      }
    }
    if (sourceId % 100 === 0) process.stderr.write(`\rseeded fetches of ${sourceId}/${SOURCES} sources`);
  }
  await sink.insert(FETCH, batch);
  process.stderr.write("\nbuilding the fetch indexes…\n");
  for (const ddl of fetchIndexes) await sink.run(ddl);
  await sink.insert(
    DAILY,
    [...daily].map(([key, sums]) => [Number(key.split("|")[0]), key.split("|")[1]!, ...sums]),
  );
  // The fleet's days, as writeFetch adds each fetch to them: the first seven sums of the sources' days.
  const fleetDays = new Map<string, number[]>();
  for (const [key, sums] of daily) {
    const day = key.split("|")[1]!;
    const fleet = fleetDays.get(day) ?? [0, 0, 0, 0, 0, 0, 0];
    for (let column = 0; column < 7; column++) fleet[column]! += sums[column]!;
    fleetDays.set(day, fleet);
  }
  await sink.insert(
    FLEET_DAILY,
    [...fleetDays].map(([day, sums]) => [day, ...sums]),
  );
  await sink.insert(
    DRIFT,
    [...drift].map(([key, fetches]) => [key.split("|")[0]!, Number(key.split("|")[1]), fetches]),
  );
  return { targetId: Math.floor(SOURCES / 2) + 7, dailyRows: daily.size };
}

function sqliteSink(file: string): Sink {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec("BEGIN");
  const statements = new Map<string, Database.Statement>();
  return {
    async insert(table, rows) {
      const sql = `INSERT INTO "${table.name}" (${table.columns.map(([name]) => `"${name}"`).join(",")}) VALUES (${table.columns.map(() => "?").join(",")})`;
      const statement = statements.get(sql) ?? db.prepare(sql);
      statements.set(sql, statement);
      for (const row of rows) statement.run(row.map((value) => (typeof value === "boolean" ? Number(value) : value)));
    },
    async dropIndexes(table) {
      const indexes = db
        .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
        .all(table) as Array<{ name: string; sql: string }>;
      for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
      return indexes.map((index) => index.sql);
    },
    async run(sql) {
      db.exec(sql);
    },
    async close() {
      db.exec("COMMIT");
      db.exec("ANALYZE");
      db.close();
    },
    async tableBytes() {
      const reader = new Database(file, { readonly: true });
      try {
        const rows = reader
          .prepare(
            `SELECT m.tbl_name AS "table", SUM(s.pgsize) AS "bytes" FROM dbstat s JOIN sqlite_master m ON m.name = s.name GROUP BY m.tbl_name`,
          )
          .all() as Array<{ table: string; bytes: number }>;
        return new Map(rows.map((row) => [row.table, row.bytes]));
      } finally {
        reader.close();
      }
    },
  };
}

async function postgresSink(url: string, schema: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path="${schema}"` });
  await client.connect();
  const pgType = (type: string) =>
    type === "ts"
      ? "timestamp(3)"
      : type === "bool"
        ? "boolean"
        : type === "int"
          ? "integer"
          : type === "bigint"
            ? "bigint"
            : "text";
  return {
    async insert(table, rows) {
      for (let start = 0; start < rows.length; start += 10_000) {
        const part = rows.slice(start, start + 10_000);
        const arrays = table.columns.map((_, column) => part.map((row) => row[column] ?? null));
        const sql = `INSERT INTO "${table.name}" (${table.columns.map(([name]) => `"${name}"`).join(",")}) SELECT * FROM unnest(${table.columns.map(([, type], i) => `$${i + 1}::${pgType(type)}[]`).join(",")})`;
        await client.query(sql, arrays);
      }
    },
    async dropIndexes(table) {
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 AND indexname NOT LIKE '%_pkey'`,
        [schema, table],
      );
      for (const row of rows) await client.query(`DROP INDEX "${row.indexname}"`);
      return rows.map((row) => row.indexdef);
    },
    async run(sql) {
      await client.query(sql);
    },
    async close() {
      // Serial ids were given explicitly for Source, User and UserFolder: move their sequences past them.
      for (const table of ["Source", "User", "UserFolder"])
        await client.query(
          `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT MAX("id") FROM "${table}"))`,
        );
      await client.query("VACUUM ANALYZE");
    },
    async tableBytes() {
      const { rows } = await client.query<{ table: string; bytes: string }>(
        `SELECT tablename AS "table", pg_total_relation_size(format('%I.%I', schemaname, tablename)) AS "bytes"
           FROM pg_tables WHERE schemaname = $1`,
        [schema],
      );
      await client.end();
      return new Map(rows.map((row) => [row.table, Number(row.bytes)]));
    },
  };
}

async function measure(url: string, marker: string): Promise<{ p50: number; p95: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200 || !body.includes(marker))
      throw new Error(
        `${url}: status ${response.status}, marker "${marker}" ${body.includes(marker) ? "found" : "missing"}`,
      );
    return ms;
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Measures the built app against a kept database (--url): nothing seeded, nothing dropped. */
async function measureKept(databaseUrl: string): Promise<void> {
  const server = await startAppServer({ DATABASE_URL: databaseUrl });
  try {
    console.log(`\n| figure | value | target |\n| --- | --- | --- |`);
    console.log((await measurePages(server.url, Math.floor(SOURCES / 2) + 7)).join("\n"));
  } finally {
    await server.stop();
  }
}

async function measurePages(base: string, targetId: number): Promise<string[]> {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const verdict = (value: number, target: number) => (value <= target ? "✓" : "✗");
  const row = (figure: string, { p50, p95 }: { p50: number; p95: number }, target: number | null) =>
    `| ${figure} p50 / p95 | ${ms(p50)} / ${ms(p95)} | ${target === null ? "(none)" : `≤ ${target} ms ${verdict(p95, target)}`} |`;
  const publisher = `host-${targetId % 400}.example`;
  return [
    row(`/sources/${targetId}`, await measure(`${base}/sources/${targetId}`, `Feed number ${targetId}`), 200),
    row(
      `/health (${SOURCES.toLocaleString("en")} sources)`,
      await measure(`${base}/health`, "Needs attention first"),
      500,
    ),
    row(`/publishers/${publisher}`, await measure(`${base}/publishers/${publisher}`, publisher), 500),
    row(
      "/sources?sort=problems (a page of 100 rows, their strips)",
      await measure(`${base}/sources?sort=problems`, "Last 20 fetches"),
      500,
    ),
    row(
      "/sources?state=backing_off&q=feed-3 (filter and search)",
      await measure(`${base}/sources?state=backing_off&q=feed-3`, "Last 20 fetches"),
      500,
    ),
  ];
}

async function main(): Promise<void> {
  if (values.url) return measureKept(values.url);
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  let sink: Sink;
  let toTime: (ms: number) => string;
  if (values.postgres) {
    const base =
      process.env.BENCH_POSTGRES_URL ??
      (/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "")
        ? process.env.DATABASE_URL!
        : "postgresql://postgres@127.0.0.1:5432/test");
    const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(base);
    url.searchParams.set("schema", schema);
    databaseUrl = url.toString();
    await runMigrations(resolveDatabaseTarget(databaseUrl));
    sink = await postgresSink(base, schema);
    toTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace("T", " ");
    cleanup = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "tidings-bench-"));
    const file = path.join(dir, "bench.db");
    databaseUrl = `file:${file}`;
    await runMigrations(resolveDatabaseTarget(databaseUrl));
    sink = sqliteSink(file);
    // Exactly the text the Prisma SQLite adapter writes, so comparisons stay lexicographic.
    toTime = (ms) => new Date(ms).toISOString().replace("Z", "+00:00");
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    const seedStarted = performance.now();
    const { targetId, dailyRows } = await seed(sink, toTime);
    await sink.close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const size = describeSize(await sink.tableBytes(), dailyRows);
    if (values.keep) {
      console.log(`seeded in ${seedSeconds.toFixed(1)} s; ${size}; kept: DATABASE_URL=${databaseUrl}`);
      cleanup = async () => {};
      return;
    }
    const server = await startAppServer({ DATABASE_URL: databaseUrl });
    try {
      const rows = await measurePages(server.url, targetId);
      console.log(`\n| figure | value | target |\n| --- | --- | --- |`);
      console.log(`| database | ${values.postgres ? "PostgreSQL" : "SQLite"} | |`);
      console.log(
        `| sources / fetch rows (over ${SPAN_DAYS} days) | ${SOURCES.toLocaleString("en")} / ${FETCHES.toLocaleString("en")} | |`,
      );
      console.log(`| seed (raw SQL, indexes, ANALYZE) | ${seedSeconds.toFixed(1)} s | |`);
      console.log(rows.join("\n"));
      console.log(`| database size | ${size} | |`);
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }
}

/**
 * The database's size as seeded, and what the fetch log and its roll-ups take per 10,000 sources
 * fetched hourly for 30 days with pruning: FETCH_LOG_DAYS × 24 rows per source (the pruned log's
 * steady state) at the seeded bytes per Fetch row (table and indexes), plus one roll-up row per
 * source and day of those days.
 */
function describeSize(bytes: Map<string, number>, dailyRows: number): string {
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0);
  const perFetch = (bytes.get("Fetch") ?? 0) / FETCHES;
  const perDaily = (bytes.get("FetchDaily") ?? 0) / dailyRows;
  const perTenThousand = 10_000 * FETCH_LOG_DAYS * (24 * perFetch + perDaily);
  const gb = (value: number) => `${(value / 1e9).toFixed(2)} GB`;
  return `${gb(total)} seeded (Fetch ${gb(bytes.get("Fetch") ?? 0)}, ${Math.round(perFetch)} B a row with its indexes); fetch log and roll-ups per 10,000 hourly sources after 30 days, pruned: ${gb(perTenThousand)}`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
