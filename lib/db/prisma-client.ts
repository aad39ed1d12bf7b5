// Builds a Prisma client for a database target through driver adapters (no native Prisma engines).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/sqlite";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/postgres";
import type { DatabaseTarget } from "@/lib/db/database-target";
import { remember } from "@/lib/base/remember";
import { createLogger } from "@/lib/base/log";
import { releaseFailedTransactions } from "@/lib/db/release-failed-transactions";
import { createPostgresReader, createSqliteReader, type SqlReader } from "@/lib/db/sql-reader";

/**
 * Both generated clients expose the same model API (the PostgreSQL schema is derived from the
 * SQLite one), so the SQLite client's type serves for both.
 */
export type Db = PrismaClient;

/** The client handed to an interactive transaction's callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** How long a SQLite writer waits for the lock held by another connection before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

const log = createLogger("db");

/** What a client talks to: the provider, its read-only SQL path, and on PostgreSQL the pool it shares with us. */
type Driver =
  | { provider: "sqlite"; reader: SqlReader; filePath: string }
  | { provider: "postgresql"; reader: SqlReader; pool: pg.Pool };

// On globalThis: Next bundles this module separately for instrumentation and for the pages, while
// the client itself is one process-wide singleton.
const drivers = remember("prisma-drivers", () => new WeakMap<Db, Driver>());

function driverOf(db: Db): Driver {
  const driver = drivers.get(db);
  if (!driver) throw new Error("driverOf: client not created by createPrismaClient");
  return driver;
}

/** Which database a client talks to (raw SQL differs in placeholders). */
export function providerOf(db: Db): DatabaseTarget["provider"] {
  return driverOf(db).provider;
}

/** The SQLite file under a client (null on PostgreSQL), for what only a connection of its own can run. */
export function sqliteFileOf(db: Db): string | null {
  const driver = driverOf(db);
  return driver.provider === "sqlite" ? driver.filePath : null;
}

/** The read-only SQL path that goes with a client (lib/db/sql-reader.ts). */
export function sqlReaderOf(db: Db): SqlReader {
  return driverOf(db).reader;
}

/**
 * The pool under a PostgreSQL client (null on SQLite). Every Prisma statement, raw ones included,
 * goes through its wasm query compiler first, which costs more than a local PostgreSQL takes to
 * run it: the hottest statements go to the pool directly.
 */
export function postgresPoolOf(db: Db): pg.Pool | null {
  const driver = driverOf(db);
  return driver.provider === "postgresql" ? driver.pool : null;
}

export function createPrismaClient(target: DatabaseTarget): Db {
  if (target.provider === "sqlite") {
    const client = createSqliteClient(target.filePath);
    drivers.set(client, {
      provider: "sqlite",
      reader: createSqliteReader(target.filePath, SQLITE_BUSY_TIMEOUT_MS),
      filePath: target.filePath,
    });
    return client;
  }
  // One pool for Prisma, the reader and the hot raw statements: no extra connections.
  const pool = new pg.Pool({
    connectionString: target.url,
    connectionTimeoutMillis: 5000,
    // search_path makes raw SQL see the same schema as Prisma's generated queries.
    ...(target.schema ? { options: `-c search_path="${target.schema}"` } : {}),
  });
  // An idle connection that breaks (PostgreSQL restarted, a firewall dropped it) emits "error" on
  // the pool; unheard, that would crash the process. The pool replaces the connection by itself.
  pool.on("error", (error) => log.warn(`an idle PostgreSQL connection failed: ${error.message}`));
  const client = createPostgresClient(pool, target.schema);
  drivers.set(client, { provider: "postgresql", reader: createPostgresReader(pool), pool });
  return client;
}

/** Closes the client, its reader and its pool; the client cannot be used afterwards. */
export async function closePrismaClient(db: Db): Promise<void> {
  const driver = drivers.get(db);
  await driver?.reader.close();
  await db.$disconnect();
  // Ours to end: raw statements use the pool even when Prisma itself never connected.
  if (driver?.provider === "postgresql" && !driver.pool.ended) await driver.pool.end();
  drivers.delete(db);
}

function createSqliteClient(filePath: string): Db {
  mkdirSync(path.dirname(filePath), { recursive: true });
  const adapter = releaseFailedTransactions(
    new PrismaBetterSQLite3({ url: `file:${filePath}`, timeout: SQLITE_BUSY_TIMEOUT_MS }),
  );
  const client = new PrismaClient({ adapter });
  // In WAL mode, NORMAL syncs at checkpoints instead of at every commit: a crash of Tidings loses
  // nothing, a power cut may lose the last commits but never corrupts the file (sqlite.org/wal).
  // The adapter keeps one connection, so this first statement applies to every later one.
  void client.$executeRawUnsafe("PRAGMA synchronous = NORMAL").catch(() => undefined);
  return client;
}

function createPostgresClient(pool: pg.Pool, schema: string | null): Db {
  // closePrismaClient ends the pool, not $disconnect(): with raw statements the pool may be in
  // use although Prisma never connected.
  const adapter = releaseFailedTransactions(new PrismaPg(pool, schema ? { schema } : undefined));
  return new PostgresPrismaClient({ adapter }) as unknown as Db;
}
