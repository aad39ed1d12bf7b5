// Command-line start-up: wall time of `tidings sources` on a small SQLite database, from process
// start to exit, as an operator's shell sees it. The built CLI (dist/cli, scripts/build-cli.mjs)
// is what `npm ci` installs; the run from the TypeScript sources (tsx) is what a stale or missing
// build falls back to, measured for comparison (not in --smoke: each run takes seconds).
// npx tsx scripts/bench/cli-startup.ts [--runs 11] [--source-runs 5]
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { ms, percentile, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "11" }, "source-runs": { type: "string", default: "5" } },
});
const RUNS = Number(values.runs);
const SOURCE_RUNS = Number(values["source-runs"]);
const ROOT = path.resolve(__dirname, "../..");
const SOURCES = 20;

function timeCli(databaseUrl: string, fromSources: boolean): number {
  return timeNode([path.join(ROOT, "bin/tidings.mjs"), "sources"], databaseUrl, fromSources);
}

function timeNode(args: string[], databaseUrl: string, fromSources: boolean): number {
  const started = performance.now();
  execFileSync(process.execPath, args, {
    // Not the checkout: the command line must not depend on its working directory.
    cwd: "/",
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TIDINGS_LOG_LEVEL: "warn",
      TIDINGS_CLI_FROM_SOURCES: String(fromSources),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return performance.now() - started;
}

function median(databaseUrl: string, fromSources: boolean, runs: number): number {
  timeCli(databaseUrl, fromSources); // warm the file cache (and tsx's compile cache)
  return percentile(
    Array.from({ length: runs }, () => timeCli(databaseUrl, fromSources)),
    50,
  );
}

async function main(): Promise<void> {
  delete process.env.DATABASE_URL;
  // The figure is about the build `npm ci` made; make sure it matches the sources measured.
  execFileSync(process.execPath, [path.join(ROOT, "scripts/build-cli.mjs")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const database = await createFreshDatabase();
  try {
    for (let n = 0; n < SOURCES; n += 1) await addDueSource(database.db, `https://feeds.example/${n}.xml`);
    // What no command line can go below on this machine (and how busy it is right now).
    const bareNode = percentile(
      Array.from({ length: RUNS }, () => timeNode(["-e", "0"], database.url, false)),
      50,
    );
    const figures = [
      {
        figure: `\`node -e 0\` on this machine, median of ${RUNS} (the floor)`,
        value: ms(bareNode, 0),
        target: "for comparison",
      },
      {
        figure: `\`tidings sources\` (${SOURCES} sources, SQLite), built CLI, median of ${RUNS}`,
        value: ms(median(database.url, false, RUNS), 0),
        target: "≤ 500 ms",
      },
    ];
    if (SOURCE_RUNS > 0) {
      figures.push({
        figure: `the same from the TypeScript sources (tsx, a stale build's fallback), median of ${SOURCE_RUNS}`,
        value: ms(median(database.url, true, SOURCE_RUNS), 0),
        target: "for comparison",
      });
    }
    printFigures("Command-line start-up", figures);
  } finally {
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
