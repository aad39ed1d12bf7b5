// Lanes across publishers (issue 26): a local publisher of FEEDS feeds on HOSTS hosts (distinct
// loopback addresses 127.10.x.y, every answer after LATENCY ms, issue 26's behaviour mix), and
// Tidings' real rounds on the real clock with 1, 4, 16 and 64 lanes side by side, each in a
// process of its own on a fresh SQLite database (CPU seconds and peak RSS are Tidings' alone).
// Prints per lane count: the first full pass, the rate until 90% of the feeds were fetched, CPU
// s per 1,000 fetches, peak RSS, and the publisher's own politeness counts.
// npx tsx scripts/bench/fetch-lanes.ts [--feeds 2000] [--hosts 100] [--latency 150] [--seconds 120] [--lanes 1,4,16,64] [--gap 1000] [--timeout 20000]
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { printFigures, type BenchFigure } from "./bench-output";
import { startLanesPublisher, type PolitenessCounts } from "./fetch-lanes/lanes-publisher";
import type { LanesRunFigures } from "./fetch-lanes/lanes-round";

const { values } = parseArgs({
  options: {
    feeds: { type: "string", default: "2000" },
    hosts: { type: "string", default: "100" },
    latency: { type: "string", default: "150" },
    seconds: { type: "string", default: "120" },
    lanes: { type: "string", default: "1,4,16,64" },
    gap: { type: "string", default: "1000" },
    timeout: { type: "string", default: "20000" },
  },
});
const FEEDS = Number(values.feeds);
const HOSTS = Number(values.hosts);
const LATENCY_MS = Number(values.latency);
const GAP_MS = Number(values.gap);
const runFile = promisify(execFile);

async function main(): Promise<void> {
  const publisher = await startLanesPublisher({ hosts: HOSTS, latencyMs: LATENCY_MS });
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-lanes-"));
  const file = path.join(dir, "feeds.json");
  writeFileSync(file, JSON.stringify(Array.from({ length: FEEDS }, (_, feed) => publisher.urlOf(feed))));
  const figures: BenchFigure[] = [];
  const politeLimit = HOSTS / ((LATENCY_MS + GAP_MS) / 1000);
  try {
    for (const lanes of values.lanes.split(",").map(Number)) {
      const run = await runConfiguration(file, lanes);
      const counts = publisher.takeCounts();
      figures.push(...describe(run, counts, politeLimit));
    }
  } finally {
    await publisher.close();
    rmSync(dir, { recursive: true, force: true });
  }
  printFigures(
    `Fetch lanes: ${FEEDS} feeds on ${HOSTS} hosts, every answer after ${LATENCY_MS} ms, gap ${GAP_MS} ms, fetch timeout ${values.timeout} ms (polite limit ${politeLimit.toFixed(0)} fetches/s)`,
    figures,
  );
}

/** Runs one lane count in a child process (its own CPU time and peak RSS); the publisher stays in this one. */
async function runConfiguration(file: string, lanes: number): Promise<LanesRunFigures> {
  console.error(`fetch-lanes: ${lanes} lane(s)...`);
  // Asynchronous: the publisher answers from this process's event loop meanwhile.
  const { stdout } = await runFile(
    process.execPath,
    ["--import", "tsx", path.join(__dirname, "fetch-lanes/lanes-round.ts"), file, values.seconds],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        TIDINGS_FETCH_LANES: String(lanes),
        TIDINGS_HOST_GAP_MS: String(GAP_MS),
        TIDINGS_FETCH_TIMEOUT_MS: values.timeout,
        TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
        TIDINGS_LOG_LEVEL: "warn",
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as LanesRunFigures;
}

function describe(run: LanesRunFigures, counts: PolitenessCounts, politeLimit: number): BenchFigure[] {
  const label = `${run.lanes} lane${run.lanes === 1 ? "" : "s"}`;
  const target = Math.min(25, politeLimit / 2);
  return [
    {
      figure: `${label}: first full pass`,
      value:
        run.firstPassSeconds === null
          ? `${run.fetched}/${run.sources} in ${values.seconds} s`
          : `${run.firstPassSeconds.toFixed(0)} s`,
      target: "≤ 10 min for 10,000 feeds on 500 hosts with 16 lanes",
    },
    {
      figure: `${label}: fetches/s until 90% fetched`,
      value: run.rateTo90.toFixed(1),
      target: `≥ ${target.toFixed(0)} with 16 lanes`,
    },
    { figure: `${label}: CPU s per 1,000 fetches`, value: run.cpuSecondsPer1000.toFixed(2), target: "(measured)" },
    { figure: `${label}: peak RSS`, value: `${run.peakRssMb.toFixed(0)} MB`, target: "≤ 500 MB" },
    {
      figure: `${label}: publisher: most requests in flight on one host, least gap`,
      value: `${counts.maxInFlightPerHost}, ${Number.isFinite(counts.leastGapMs) ? counts.leastGapMs.toFixed(0) : "-"} ms`,
      target: `1, ≥ ${GAP_MS} ms`,
    },
    {
      figure: `${label}: publisher: requests (robots.txt), unconditional repeats, during Retry-After`,
      value: `${counts.requests} (${counts.robotsRequests}), ${counts.unconditionalRepeats}, ${counts.duringHold}`,
      target: "-, 0, 0",
    },
  ];
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
