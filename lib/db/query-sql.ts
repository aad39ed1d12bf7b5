// Runs a Prisma.Sql with its parameters bound. Each generated client carries its own copy of
// Prisma's runtime, so a Prisma.Sql built with the SQLite client's helper is handed over as text
// with placeholders in the target's dialect (? for SQLite, $1 for PostgreSQL).
import type { Prisma } from "@/lib/generated/sqlite";
import type { DatabaseTarget } from "@/lib/db/database-target";
import type { Db, Tx } from "@/lib/db/prisma-client";

export function querySql<T>(db: Db | Tx, provider: DatabaseTarget["provider"], sql: Prisma.Sql): Promise<T[]> {
  return db.$queryRawUnsafe<T[]>(provider === "postgresql" ? sql.text : sql.sql, ...sql.values);
}
