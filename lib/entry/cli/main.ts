// Entry point of the `tidings` command line. Each command lives in lib/entry/cli/commands.
import { UsageError } from "@/lib/entry/cli/cli-error";
import { ignoreClosedStdout } from "@/lib/entry/cli/ignore-closed-stdout";
import { describeError } from "@/lib/base/describe-error";
import { disconnectDb, getDatabaseTarget } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate/run-migrations";

type Command = { usage: string; run: (args: string[]) => Promise<number> };

// Each command is loaded when it runs, not before: start-up is most of what a call costs, and
// `tidings sources` need not load the fetch and parse stacks (undici, htmlparser2, sax).
const commands: Record<string, () => Promise<Command>> = {
  migrate: () =>
    import("@/lib/entry/cli/commands/migrate").then((m) => ({ usage: m.migrateUsage, run: m.runMigrateCommand })),
  add: () => import("@/lib/entry/cli/commands/add").then((m) => ({ usage: m.addUsage, run: m.runAddCommand })),
  round: () => import("@/lib/entry/cli/commands/round").then((m) => ({ usage: m.roundUsage, run: m.runRoundCommand })),
  sources: () =>
    import("@/lib/entry/cli/commands/sources").then((m) => ({ usage: m.sourcesUsage, run: m.runSourcesCommand })),
  import: () =>
    import("@/lib/entry/cli/commands/import").then((m) => ({ usage: m.importUsage, run: m.runImportCommand })),
  export: () =>
    import("@/lib/entry/cli/commands/export").then((m) => ({ usage: m.exportUsage, run: m.runExportCommand })),
  password: () =>
    import("@/lib/entry/cli/commands/password").then((m) => ({ usage: m.passwordUsage, run: m.runPasswordCommand })),
  user: () => import("@/lib/entry/cli/commands/user").then((m) => ({ usage: m.userUsage, run: m.runUserCommand })),
  "api-password": () =>
    import("@/lib/entry/cli/commands/api-password").then((m) => ({
      usage: m.apiPasswordUsage,
      run: m.runApiPasswordCommand,
    })),
};

async function usage(): Promise<string> {
  const all = await Promise.all(Object.values(commands).map((load) => load()));
  return ["usage: tidings <command> [options]", "", ...all.map((command) => `  ${command.usage}`)].join("\n");
}

/** Runs one command and returns the process exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  ignoreClosedStdout();
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(await usage());
    return name === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) {
    console.error(`tidings: unknown command "${name}"; run \`tidings help\` for the list`);
    return 2;
  }
  let command: Command | null = null;
  try {
    command = await load();
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
      console.error(`tidings ${name}: ${(error as Error).message}${command ? `\nusage: ${command.usage}` : ""}`);
      return 2;
    }
    console.error(`tidings ${name}: ${describeError(error, 500)}`);
    return 1;
  } finally {
    await disconnectDb().catch(() => undefined);
  }
}
