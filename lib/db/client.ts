// The process-wide Prisma client for the configured database.
import { forget, recall, remember } from "@/lib/base/remember";
import { getEnv } from "@/lib/base/env";
import { resolveDatabaseTarget, type DatabaseTarget } from "@/lib/db/database-target";
import { closePrismaClient, createPrismaClient, sqlReaderOf, type Db } from "@/lib/db/prisma-client";
import type { SqlReader } from "@/lib/db/sql-reader";

export type { Db };

export function getDatabaseTarget(): DatabaseTarget {
  return remember("database-target", () => resolveDatabaseTarget(getEnv().DATABASE_URL));
}

export function getDb(): Db {
  return remember("prisma", () => createPrismaClient(getDatabaseTarget()));
}

/** The process-wide client's read-only path, for the reader's hot queries. */
export function getSqlReader(): SqlReader {
  return sqlReaderOf(getDb());
}

/** Closes the client if one was opened (a pool's idle connections would keep the CLI alive). */
export async function disconnectDb(): Promise<void> {
  const db = recall<Db>("prisma");
  forget("prisma");
  if (db) await closePrismaClient(db);
}
