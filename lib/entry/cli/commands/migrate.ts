import { parseArgs } from "node:util";
import { getDatabaseTarget } from "@/lib/db/client";
import { describeDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";

export const migrateUsage =
  "tidings migrate [--retry]   apply pending database migrations (--retry: try failed ones again)";

export async function runMigrateCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { retry: { type: "boolean", default: false } }, strict: true });
  const target = getDatabaseTarget();
  const result = await runMigrations(target, { retryFailed: values.retry });
  const summary = result.applied.length === 0 ? "already up to date" : `applied ${result.applied.join(", ")}`;
  console.log(`${describeDatabaseTarget(target)}: ${summary}`);
  return 0;
}
