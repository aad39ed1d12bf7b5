// Builds a Prisma client for a database target through driver adapters (no native Prisma engines).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/sqlite";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/postgres";
import type { DatabaseTarget } from "@/lib/db/database-target";

/**
 * Both generated clients expose the same model API (the PostgreSQL schema is derived from the
 * SQLite one), so the SQLite client's type serves for both.
 */
export type Db = PrismaClient;

/** How long a SQLite writer waits for the lock held by another connection before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function createPrismaClient(target: DatabaseTarget): Db {
  if (target.provider === "sqlite") {
    mkdirSync(path.dirname(target.filePath), { recursive: true });
    const adapter = new PrismaBetterSQLite3({ url: `file:${target.filePath}`, timeout: SQLITE_BUSY_TIMEOUT_MS });
    return new PrismaClient({ adapter });
  }
  const adapter = new PrismaPg(
    {
      connectionString: target.url,
      connectionTimeoutMillis: 5000,
      // search_path makes raw SQL see the same schema as Prisma's generated queries.
      ...(target.schema ? { options: `-c search_path="${target.schema}"` } : {}),
    },
    target.schema ? { schema: target.schema } : undefined,
  );
  return new PostgresPrismaClient({ adapter }) as unknown as Db;
}
