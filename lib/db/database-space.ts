// How much room the database takes, and giving back what deleted rows freed. The one place that
// knows how each database does it:
// - SQLite keeps freed pages inside the file. With auto_vacuum = INCREMENTAL (set on new
//   databases before their first table, lib/db/migrate/sqlite-driver.ts) `PRAGMA
//   incremental_vacuum` returns them to the file system without rewriting the file. A database
//   made before that needs one VACUUM to switch: it rewrites the whole file once (and needs as
//   much free disk as the file takes meanwhile), after which every later reclaim is incremental.
// - PostgreSQL's autovacuum makes deleted rows' room reusable on its own; the size reported is
//   that of this schema's tables with their indexes and TOAST, so several installations sharing
//   one database each see their own.
import Database from "better-sqlite3";
import { providerOf, sqliteFileOf, SQLITE_BUSY_TIMEOUT_MS, type Db } from "@/lib/db/prisma-client";

export type DatabaseSize = { bytes: number; freeBytes: number | null };
export type Reclaimed = { bytes: number; switchedToIncremental: boolean };

/** SQLite's PRAGMA auto_vacuum values. */
const AUTO_VACUUM_INCREMENTAL = 2;

export async function measureDatabaseSize(db: Db): Promise<DatabaseSize> {
  if (providerOf(db) === "postgresql") {
    const rows = await db.$queryRawUnsafe<{ bytes: bigint | number | null }[]>(
      `SELECT SUM(pg_total_relation_size(c.oid)) AS "bytes" FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')`,
    );
    return { bytes: Number(rows[0]?.bytes ?? 0), freeBytes: null };
  }
  const pageSize = await readPragma(db, "page_size");
  return {
    bytes: (await readPragma(db, "page_count")) * pageSize,
    freeBytes: (await readPragma(db, "freelist_count")) * pageSize,
  };
}

/** Gives the room of deleted rows back to the file system (SQLite); null where the database does it itself. */
export async function reclaimFreeSpace(db: Db): Promise<Reclaimed | null> {
  const file = sqliteFileOf(db);
  if (file === null) return null;
  const before = await measureDatabaseSize(db);
  const incremental = (await readPragma(db, "auto_vacuum")) === AUTO_VACUUM_INCREMENTAL;
  // A connection of its own: incremental_vacuum frees one page per step, and the Prisma adapter
  // steps a statement that returns no rows once; exec() runs it to the end. It waits for the
  // write lock like any writer.
  const connection = new Database(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    connection.exec(incremental ? "PRAGMA incremental_vacuum" : "PRAGMA auto_vacuum = INCREMENTAL; VACUUM");
  } finally {
    connection.close();
  }
  const after = await measureDatabaseSize(db);
  return { bytes: Math.max(0, before.bytes - after.bytes), switchedToIncremental: !incremental };
}

async function readPragma(
  db: Db,
  name: "page_size" | "page_count" | "freelist_count" | "auto_vacuum",
): Promise<number> {
  const rows = await db.$queryRawUnsafe<Record<string, bigint | number>[]>(`PRAGMA ${name}`);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}
