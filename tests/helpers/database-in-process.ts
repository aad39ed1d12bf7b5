// A fresh database that this test process's own getDb() uses (route handlers, the gate, server-side
// reads), for one test file: created before its tests, disposed after them. Call at the top level.
import { afterAll, beforeAll } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { useDatabaseInProcess } from "@/tests/helpers/seed-articles";

export function setUpDatabaseInProcess(): () => FreshDatabase {
  let database: FreshDatabase | undefined;
  let restore: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    database = await createFreshDatabase();
    restore = useDatabaseInProcess(database);
  });
  afterAll(async () => {
    await restore?.();
    await database?.dispose();
  });
  return () => {
    if (database === undefined) throw new Error("the database is created in beforeAll");
    return database;
  };
}
