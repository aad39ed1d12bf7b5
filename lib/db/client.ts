// The process-wide Prisma client for the configured database.
import { recall, remember } from "@/lib/remember";
import { getEnv } from "@/lib/env";
import { resolveDatabaseTarget, type DatabaseTarget } from "@/lib/db/database-target";
import { createPrismaClient, type Db } from "@/lib/db/prisma-client";

export type { Db };

export function getDatabaseTarget(): DatabaseTarget {
  return remember("database-target", () => resolveDatabaseTarget(getEnv().DATABASE_URL));
}

export function getDb(): Db {
  return remember("prisma", () => createPrismaClient(getDatabaseTarget()));
}

/** Closes the client if one was opened (a pool's idle connections would keep the CLI alive). */
export async function disconnectDb(): Promise<void> {
  await recall<Db>("prisma")?.$disconnect();
}
