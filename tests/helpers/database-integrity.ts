// Checks for crash tests: is the database file (or schema) sound, is every fetch either wholly
// stored or not at all, and is a process in the middle of writing right now.
import Database from "better-sqlite3";
import pg from "pg";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { Db } from "@/lib/db/client";
import { compareUnreadCounts } from "@/tests/helpers/seed-articles";

/**
 * The storage itself. SQLite: `PRAGMA integrity_check` and `foreign_key_check` on a read-only
 * connection. PostgreSQL: the server rolled back the killed client's transaction and no session
 * still holds a lock in this schema (waits up to `settleMs` for the server to notice the dead
 * client). Returns the problems found; [] means sound.
 */
export async function checkStorage(target: DatabaseTarget, settleMs = 10_000): Promise<string[]> {
  if (target.provider === "sqlite") {
    const connection = new Database(target.filePath, { readonly: true, fileMustExist: true });
    try {
      const integrity = (connection.pragma("integrity_check") as Array<{ integrity_check: string }>).map(
        (row) => row.integrity_check,
      );
      const foreignKeys = connection.pragma("foreign_key_check") as unknown[];
      return [
        ...(integrity.join() === "ok" ? [] : integrity.map((line) => `integrity_check: ${line}`)),
        ...foreignKeys.map((row) => `foreign_key_check: ${JSON.stringify(row)}`),
      ];
    } finally {
      connection.close();
    }
  }
  const client = await connectPostgres(target);
  try {
    const deadline = Date.now() + settleMs;
    for (;;) {
      const held = await schemaLocks(client, target.schema ?? "public");
      if (held.length === 0) return [];
      if (Date.now() > deadline) return held.map((lock) => `lock still held by a dead client: ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}

/**
 * Every fetch is stored whole or not at all, but for whole batches of a large feed's articles
 * (lib/pipeline/store/fetch/store-article-batch.ts), kept and counted before their fetch is written.
 * For each source: the articles are at least those its Fetch rows announced (more only from
 * batches of a fetch that never finished), the unread and article counters match, validators and body hash never run ahead of
 * a committed fetch, the last outcome is the last Fetch row's, and the daily roll-up counts the
 * same fetches. Returns one line per broken rule; [] means consistent.
 */
export async function findHalfWrittenFetches(db: Db): Promise<string[]> {
  const [sources, fetches, articleCounts, daily] = await Promise.all([
    db.source.findMany({ orderBy: { id: "asc" } }),
    // The feed's own requests: its state and roll-ups are theirs (pages and icons are costs).
    db.fetch.findMany({
      where: { kind: "feed" },
      orderBy: { id: "asc" },
      select: { sourceId: true, outcome: true, newArticles: true, etagReceived: true },
    }),
    db.article.groupBy({ by: ["sourceId"], _count: { _all: true } }),
    db.fetchDaily.groupBy({ by: ["sourceId"], _sum: { ok: true, notModified: true, error: true, newArticles: true } }),
  ]);
  const problems: string[] = [];
  for (const source of sources) {
    const own = fetches.filter((row) => row.sourceId === source.id);
    const articles = articleCounts.find((row) => row.sourceId === source.id)?._count._all ?? 0;
    const announced = own.reduce((sum, row) => sum + row.newArticles, 0);
    const rollup = daily.find((row) => row.sourceId === source.id)?._sum;
    const rolledUp = (rollup?.ok ?? 0) + (rollup?.notModified ?? 0) + (rollup?.error ?? 0);
    const say = (rule: string) => problems.push(`source ${source.id}: ${rule}`);
    if (articles < announced) say(`${articles} articles stored, but its Fetch rows announce ${announced}`);
    if (source.articleCount !== articles) say(`articleCount ${source.articleCount}, but ${articles} articles stored`);
    if (source.etag !== null && !own.some((row) => row.outcome !== "error" && row.etagReceived === source.etag)) {
      say(`etag ${source.etag} advanced without a committed fetch that received it`);
    }
    if (source.lastBodyHash !== null && !own.some((row) => row.outcome === "ok"))
      say("lastBodyHash set without a committed ok fetch");
    if (own.length === 0 && (source.lastOutcome !== null || source.lastFetchedAt !== null))
      say("fetch state written without a Fetch row");
    if (own.length > 0 && source.lastOutcome !== own.at(-1)!.outcome)
      say(`lastOutcome ${source.lastOutcome}, last Fetch row ${own.at(-1)!.outcome}`);
    if (rolledUp !== own.length) say(`daily roll-up counts ${rolledUp} fetches, Fetch rows ${own.length}`);
    if ((rollup?.newArticles ?? 0) !== announced)
      say(`daily roll-up counts ${rollup?.newArticles ?? 0} new articles, Fetch rows ${announced}`);
  }
  for (const row of await compareUnreadCounts(db))
    if (row.stored !== row.counted)
      problems.push(
        `source ${row.sourceId}: user ${row.userId}'s unreadCount ${row.stored}, but ${row.counted} unread rows`,
      );
  return problems;
}

/**
 * "Is some other process inside a write transaction now?" SQLite: the write lock is taken
 * (a `BEGIN IMMEDIATE` that must not wait fails). PostgreSQL: another session holds a lock on
 * `table` in this schema (relation locks last until the transaction ends).
 */
export type WriterProbe = { writing(): Promise<boolean>; close(): Promise<void> };

export async function createWriterProbe(target: DatabaseTarget, table = "Article"): Promise<WriterProbe> {
  if (target.provider === "sqlite") {
    const connection = new Database(target.filePath, { fileMustExist: true, timeout: 0 });
    return {
      async writing() {
        try {
          connection.exec("BEGIN IMMEDIATE");
          connection.exec("ROLLBACK");
          return false;
        } catch (error) {
          if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
          throw error;
        }
      },
      async close() {
        connection.close();
      },
    };
  }
  const client = await connectPostgres(target);
  return {
    async writing() {
      return (await schemaLocks(client, target.schema ?? "public", table)).length > 0;
    },
    close: () => client.end(),
  };
}

async function connectPostgres(target: Extract<DatabaseTarget, { provider: "postgresql" }>): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return client;
}

async function schemaLocks(client: pg.Client, schema: string, table?: string): Promise<string[]> {
  const result = await client.query<{ pid: number; relname: string; mode: string }>(
    `SELECT l.pid, c.relname, l.mode FROM pg_locks l
       JOIN pg_class c ON c.oid = l.relation
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND l.pid <> pg_backend_pid() AND ($2::text IS NULL OR c.relname = $2)`,
    [schema, table ?? null],
  );
  return result.rows.map((row) => `pid ${row.pid} ${row.mode} on ${row.relname}`);
}
