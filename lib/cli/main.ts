// Entry point of the `tidings` command line. Each command lives in lib/cli/commands.
import { UsageError } from "@/lib/cli/cli-error";
import { describeError } from "@/lib/describe-error";
import { disconnectDb, getDatabaseTarget } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { addUsage, runAddCommand } from "@/lib/cli/commands/add";
import { migrateUsage, runMigrateCommand } from "@/lib/cli/commands/migrate";
import { roundUsage, runRoundCommand } from "@/lib/cli/commands/round";
import { sourcesUsage, runSourcesCommand } from "@/lib/cli/commands/sources";
import { importUsage, runImportCommand } from "@/lib/cli/commands/import";
import { exportUsage, runExportCommand } from "@/lib/cli/commands/export";
import { passwordUsage, runPasswordCommand } from "@/lib/cli/commands/password";
import { apiPasswordUsage, runApiPasswordCommand } from "@/lib/cli/commands/api-password";

type Command = { usage: string; run: (args: string[]) => Promise<number> };

const commands: Record<string, Command> = {
  migrate: { usage: migrateUsage, run: runMigrateCommand },
  add: { usage: addUsage, run: runAddCommand },
  round: { usage: roundUsage, run: runRoundCommand },
  sources: { usage: sourcesUsage, run: runSourcesCommand },
  import: { usage: importUsage, run: runImportCommand },
  export: { usage: exportUsage, run: runExportCommand },
  password: { usage: passwordUsage, run: runPasswordCommand },
  "api-password": { usage: apiPasswordUsage, run: runApiPasswordCommand },
};

function usage(): string {
  return ["usage: tidings <command> [options]", "", ...Object.values(commands).map((command) => `  ${command.usage}`)].join("\n");
}

/** Runs one command and returns the process exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(usage());
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`tidings: unknown command "${name}"; run \`tidings help\` for the list`);
    return 2;
  }
  try {
    // A new installation may meet the command line before the app ever started (and migrated):
    // `tidings add` must not fail on a missing table. Same runner, lock and checks as the app.
    if (name !== "migrate") {
      const { applied } = await runMigrations(getDatabaseTarget());
      if (applied.length > 0) console.error(`tidings: prepared the database (applied ${applied.join(", ")})`);
    }
    return await command.run(rest);
  } catch (error) {
    // parseArgs throws TypeErrors with codes like ERR_PARSE_ARGS_UNKNOWN_OPTION for bad flags.
    const code = (error as { code?: string }).code ?? "";
    if (error instanceof UsageError || code.startsWith("ERR_PARSE_ARGS")) {
      console.error(`tidings ${name}: ${(error as Error).message}\nusage: ${command.usage}`);
      return 2;
    }
    console.error(`tidings ${name}: ${describeError(error, 500)}`);
    return 1;
  } finally {
    await disconnectDb().catch(() => undefined);
  }
}
