// The door to the database for everything outside lib/db: the process-wide client of the
// configured database and its types (the model API), the transaction helper, and the client's
// raw paths (its read-only SQL reader, its provider). The raw SQL pieces are in sql.ts and
// raw-statements.ts; how a client is built (prisma-client.ts) stays inside lib/db.
import { forget, recall, remember } from "@/lib/base/remember";
import { getEnv } from "@/lib/base/env";
import { resolveDatabaseTarget, type DatabaseTarget } from "@/lib/db/database-target";
import { closePrismaClient, createPrismaClient, sqlReaderOf, type Db } from "@/lib/db/prisma-client";
import type { SqlReader } from "@/lib/db/sql-reader";

export type { Db, Tx } from "@/lib/db/prisma-client";
export {
  closePrismaClient,
  createPrismaClient,
  postgresPoolOf,
  providerOf,
  sqlReaderOf,
  sqliteFileOf,
  SQLITE_BUSY_TIMEOUT_MS,
} from "@/lib/db/prisma-client";
export { inTransaction, type TransactionSize } from "@/lib/db/transaction";

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
