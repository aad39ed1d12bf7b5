// Builds a Prisma client for a database target through driver adapters (no native Prisma engines).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/sqlite";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/postgres";
import type { DatabaseTarget } from "@/lib/db/database-target";
import { remember } from "@/lib/remember";
import { createPostgresReader, createSqliteReader, type SqlReader } from "@/lib/db/sql-reader";

/**
 * Both generated clients expose the same model API (the PostgreSQL schema is derived from the
 * SQLite one), so the SQLite client's type serves for both.
 */
export type Db = PrismaClient;

/** How long a SQLite writer waits for the lock held by another connection before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

// On globalThis: Next bundles this module separately for instrumentation and for the pages, while
// the client itself is one process-wide singleton.
const providers = remember("prisma-providers", () => new WeakMap<Db, DatabaseTarget["provider"]>());
const readers = remember("sql-readers", () => new WeakMap<Db, SqlReader>());

/** Which database a client talks to (raw SQL differs in placeholders). */
export function providerOf(db: Db): DatabaseTarget["provider"] {
  const provider = providers.get(db);
  if (!provider) throw new Error("providerOf: client not created by createPrismaClient");
  return provider;
}

/** The read-only SQL path that goes with a client (lib/db/sql-reader.ts). */
export function sqlReaderOf(db: Db): SqlReader {
  const reader = readers.get(db);
  if (!reader) throw new Error("sqlReaderOf: client not created by createPrismaClient");
  return reader;
}

export function createPrismaClient(target: DatabaseTarget): Db {
  const { client, reader } = target.provider === "sqlite" ? createSqliteClient(target.filePath) : createPostgresClient(target);
  providers.set(client, target.provider);
  readers.set(client, reader);
  return client;
}

/** Closes the client and its reader. */
export async function closePrismaClient(db: Db): Promise<void> {
  await readers.get(db)?.close();
  await db.$disconnect();
}

function createSqliteClient(filePath: string): { client: Db; reader: SqlReader } {
  mkdirSync(path.dirname(filePath), { recursive: true });
  const adapter = new PrismaBetterSQLite3({ url: `file:${filePath}`, timeout: SQLITE_BUSY_TIMEOUT_MS });
  const client = new PrismaClient({ adapter });
  // In WAL mode, NORMAL syncs at checkpoints instead of at every commit: a crash of Tidings loses
  // nothing, a power cut may lose the last commits but never corrupts the file (sqlite.org/wal).
  // The adapter keeps one connection, so this first statement applies to every later one.
  void client.$executeRawUnsafe("PRAGMA synchronous = NORMAL").catch(() => undefined);
  return { client, reader: createSqliteReader(filePath, SQLITE_BUSY_TIMEOUT_MS) };
}

function createPostgresClient(target: Extract<DatabaseTarget, { provider: "postgresql" }>): { client: Db; reader: SqlReader } {
  // One pool for Prisma and the reader: the reader costs no extra connections.
  const pool = new pg.Pool({
    connectionString: target.url,
    connectionTimeoutMillis: 5000,
    // search_path makes raw SQL see the same schema as Prisma's generated queries.
    ...(target.schema ? { options: `-c search_path="${target.schema}"` } : {}),
  });
  const adapter = new PrismaPg(pool, { ...(target.schema ? { schema: target.schema } : {}), disposeExternalPool: true });
  return { client: new PostgresPrismaClient({ adapter }) as unknown as Db, reader: createPostgresReader(pool) };
}
