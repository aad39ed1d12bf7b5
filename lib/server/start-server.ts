// What the Next.js server does once at start, before serving: check the configuration and bring
// the database schema up to date. A problem here is fatal and reported in one line.
import { getEnv } from "@/lib/env";
import { getDatabaseTarget } from "@/lib/db/client";
import { describeDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { createLogger } from "@/lib/log";

const log = createLogger("server");

export async function startServer(): Promise<void> {
  try {
    getEnv();
    const target = getDatabaseTarget();
    const result = await runMigrations(target);
    const migrated = result.applied.length > 0 ? `applied migrations ${result.applied.join(", ")}` : "schema up to date";
    log.info(`database: ${describeDatabaseTarget(target)}, ${migrated}`);
  } catch (error) {
    console.error(`tidings: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
