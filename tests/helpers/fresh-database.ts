// A fresh, migrated database for one test file: a temp SQLite file, or, when DATABASE_URL points
// at PostgreSQL, a new schema in that database. dispose() removes it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { resolveDatabaseTarget, type DatabaseTarget } from "@/lib/db/database-target";
import { closePrismaClient, createPrismaClient, type Db } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate/run-migrations";

export type FreshDatabase = {
  target: DatabaseTarget;
  /** A DATABASE_URL for child processes (the app server, the CLI). */
  url: string;
  db: Db;
  dispose(): Promise<void>;
};

/** True when the suite runs against PostgreSQL (DATABASE_URL=postgresql://...). */
export function testingPostgres(): boolean {
  return /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
}

/** An empty target (not migrated), for tests of the migration runner itself. */
export function createEmptyTarget(): { target: DatabaseTarget; url: string; drop(): Promise<void> } {
  if (testingPostgres()) {
    const schema = `t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const base = new URL(process.env.DATABASE_URL!);
    base.searchParams.set("schema", schema);
    const url = base.toString();
    return { target: resolveDatabaseTarget(url), url, drop: () => dropSchema(url, schema) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-test-"));
  const url = `file:${path.join(dir, "tidings.db")}`;
  return { target: resolveDatabaseTarget(url), url, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export async function createFreshDatabase(): Promise<FreshDatabase> {
  const empty = createEmptyTarget();
  await runMigrations(empty.target);
  const db = createPrismaClient(empty.target);
  return {
    target: empty.target,
    url: empty.url,
    db,
    async dispose() {
      await closePrismaClient(db);
      await empty.drop();
    },
  };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const target = resolveDatabaseTarget(url);
  if (target.provider !== "postgresql") return;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}
