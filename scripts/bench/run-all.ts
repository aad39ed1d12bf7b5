// `npm run bench`: every benchmark, one markdown table (figure, value, target, command to rerun),
// also written to docs/benchmarks.md with a description of the machine. `--smoke` runs every
// benchmark at a small size (CI does, so that none of them rots). Needs `npm run build` (the
// isolation, reader and health benchmarks start the built app).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const smoke = process.argv.includes("--smoke");
const ROOT = path.resolve(__dirname, "../..");

type Bench = { script: string; args: string[]; smokeArgs: string[] };
const BENCHES: Bench[] = [
  {
    script: "publisher-cost.ts",
    args: ["--feeds", "200", "--rounds", "10"],
    smokeArgs: ["--feeds", "10", "--rounds", "3"],
  },
  { script: "real-rounds.ts", args: ["--feeds", "200", "--hours", "10"], smokeArgs: ["--feeds", "40", "--hours", "2"] },
  {
    script: "fetch-lanes.ts",
    args: ["--feeds", "10000", "--hosts", "500", "--seconds", "600"],
    smokeArgs: ["--feeds", "100", "--hosts", "10", "--seconds", "4", "--lanes", "4", "--timeout", "2000"],
  },
  { script: "round-overhead.ts", args: ["--sources", "1000"], smokeArgs: ["--sources", "20"] },
  {
    script: "round-overhead.ts",
    args: ["--sources", "1000", "--postgres"],
    smokeArgs: ["--sources", "20", "--postgres"],
  },
  {
    script: "parse.ts",
    args: ["--items", "1000", "--megabytes", "10"],
    smokeArgs: ["--items", "50", "--megabytes", "1", "--runs", "3"],
  },
  { script: "ingest.ts", args: ["--items", "1000"], smokeArgs: ["--items", "50"] },
  { script: "ingest.ts", args: ["--items", "1000", "--postgres"], smokeArgs: ["--items", "50", "--postgres"] },
  {
    script: "subscriber-fanout.ts",
    args: ["--articles", "1000", "--readers", "20"],
    smokeArgs: ["--articles", "100", "--readers", "3"],
  },
  {
    script: "subscriber-fanout.ts",
    args: ["--articles", "1000", "--readers", "20", "--postgres"],
    smokeArgs: ["--articles", "100", "--readers", "3", "--postgres"],
  },
  {
    script: "reader.ts",
    args: ["--articles", "1000000", "--sources", "1000"],
    smokeArgs: ["--articles", "20000", "--sources", "100"],
  },
  {
    script: "sync-apis.ts",
    args: ["--articles", "1000000", "--sources", "1000"],
    smokeArgs: ["--articles", "5000", "--sources", "100"],
  },
  { script: "search.ts", args: ["--articles", "1000000"], smokeArgs: ["--articles", "5000", "--runs", "3"] },
  { script: "search-sqlite.ts", args: ["--articles", "100000"], smokeArgs: ["--articles", "2000", "--runs", "3"] },
  {
    script: "health.ts",
    args: ["--fetches", "5000000", "--sources", "10000"],
    smokeArgs: ["--fetches", "20000", "--sources", "100", "--requests", "5"],
  },
  {
    script: "health.ts",
    args: ["--fetches", "5000000", "--sources", "10000", "--postgres"],
    smokeArgs: ["--fetches", "20000", "--sources", "100", "--requests", "5", "--postgres"],
  },
  { script: "isolation.ts", args: ["--megabytes", "10"], smokeArgs: ["--megabytes", "1"] },
  {
    script: "readers-during-round.ts",
    args: ["--readers", "50", "--feeds", "3", "--items", "2000"],
    smokeArgs: ["--readers", "5", "--feeds", "1", "--items", "200"],
  },
  {
    script: "cli-startup.ts",
    args: ["--runs", "11", "--source-runs", "5"],
    smokeArgs: ["--runs", "3", "--source-runs", "0"],
  },
  { script: "memory.ts", args: ["--rounds", "100"], smokeArgs: ["--rounds", "3"] },
  { script: "websub.ts", args: ["--feeds", "20", "--hours", "48"], smokeArgs: ["--feeds", "3", "--hours", "6"] },
  {
    script: "big-feed-memory.ts",
    args: ["--items", "100000", "--settle-seconds", "60"],
    smokeArgs: ["--items", "1000", "--settle-seconds", "1"],
  },
  {
    script: "full-text.ts",
    args: ["--articles", "100", "--megabytes", "10"],
    smokeArgs: ["--articles", "5", "--megabytes", "1"],
  },
  { script: "full-text-compare.ts", args: ["--runs", "20"], smokeArgs: ["--runs", "1"] },
];

function runBench(bench: Bench): string[] {
  const args = smoke ? bench.smokeArgs : bench.args;
  const command = `npx tsx scripts/bench/${bench.script} ${args.join(" ")}`;
  console.error(`bench: ${command}`);
  const started = performance.now();
  const output = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", path.join("scripts/bench", bench.script), ...args],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: {
        ...process.env,
        TIDINGS_LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
        ...(smoke ? { TIDINGS_BENCH_SAMPLE_SCALE: "0.1" } : {}),
      },
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const rows = output
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| figure") && !line.startsWith("| ---"));
  // What each costs, for keeping CI's smoke run (and a full run) within its time budget.
  console.error(`bench: ${bench.script} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (rows.length === 0) throw new Error(`${bench.script} printed no figures`);
  return rows.map((row) => `${row} \`${command}\` |`);
}

function describeMachine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")} at the end`;
}

function main(): void {
  const rows = BENCHES.filter((bench) => existsSync(path.join(ROOT, "scripts/bench", bench.script))).flatMap(runBench);
  const table = ["| figure | value | target | rerun |", "| --- | ---: | --- | --- |", ...rows].join("\n");
  const report = `# Benchmarks${smoke ? " (smoke sizes)" : ""}\n\nMachine: ${describeMachine()}.\nDate: ${new Date().toISOString()}.\n\n${table}\n`;
  console.log(`\n${report}`);
  if (!smoke) {
    mkdirSync(path.join(ROOT, "docs"), { recursive: true });
    writeFileSync(path.join(ROOT, "docs/benchmarks.md"), report);
    console.error("bench: written to docs/benchmarks.md");
  }
}

main();
