// Lanes across publishers (issue 26): a local publisher of FEEDS feeds on HOSTS hosts (distinct
// loopback addresses 127.10.x.y, every answer after LATENCY ms, issue 26's behaviour mix), and
// Tidings' real rounds on the real clock with 1, 4, 16 and 64 lanes side by side, each on a fresh
// database, by INSTANCES instances (processes of their own, so CPU seconds and peak RSS are
// Tidings' alone; several share rounds, TIDINGS_SHARED_ROUNDS, which needs --postgres).
// Prints per configuration: the first full pass, the rate until 90% of the feeds were fetched, CPU
// s per 1,000 fetches, peak RSS, and the publisher's own politeness counts.
// npx tsx scripts/bench/fetch-lanes.ts [--feeds 2000] [--hosts 100] [--latency 150] [--seconds 120]
//   [--lanes 1,4,16,64] [--instances 1] [--postgres] [--gap 1000] [--timeout 20000]
//   [--profile DIR] (each instance writes a V8 CPU profile there: where a fetch's CPU goes)
import { execFile } from "node:child_process";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { importSources } from "@/lib/pipeline/store/sources/import-sources";
import { printFigures, type BenchFigure } from "./bench-output";
import { startLanesPublisher, type PolitenessCounts } from "./fetch-lanes/lanes-publisher";
import { readRunFigures, type RunFigures } from "./fetch-lanes/lanes-figures";
import type { InstanceFigures } from "./fetch-lanes/lanes-instance";
import { readerId } from "@/tests/helpers/reader-user";

const { values } = parseArgs({
  options: {
    feeds: { type: "string", default: "2000" },
    hosts: { type: "string", default: "100" },
    latency: { type: "string", default: "150" },
    seconds: { type: "string", default: "120" },
    lanes: { type: "string", default: "1,4,16,64" },
    instances: { type: "string", default: "1" },
    postgres: { type: "boolean", default: false },
    gap: { type: "string", default: "1000" },
    timeout: { type: "string", default: "20000" },
    profile: { type: "string" },
  },
});
const FEEDS = Number(values.feeds);
const HOSTS = Number(values.hosts);
const LATENCY_MS = Number(values.latency);
const GAP_MS = Number(values.gap);
const runFile = promisify(execFile);

type Configuration = { lanes: number; instances: number };
type Run = RunFigures & Configuration & { cpuSeconds: number; peakRssMb: number };

async function main(): Promise<void> {
  if (values.postgres) process.env.DATABASE_URL ||= "postgresql://postgres@127.0.0.1:5432/test";
  else delete process.env.DATABASE_URL;
  const publisher = await startLanesPublisher({ hosts: HOSTS, latencyMs: LATENCY_MS });
  const figures: BenchFigure[] = [];
  const politeLimit = HOSTS / ((LATENCY_MS + GAP_MS) / 1000);
  try {
    for (const lanes of values.lanes.split(",").map(Number))
      for (const instances of values.instances.split(",").map(Number)) {
        const run = await runConfiguration(publisher.urlOf, { lanes, instances });
        figures.push(...describe(run, publisher.takeCounts(), politeLimit));
      }
  } finally {
    await publisher.close();
  }
  printFigures(
    `Fetch lanes: ${FEEDS} feeds on ${HOSTS} hosts, every answer after ${LATENCY_MS} ms, gap ${GAP_MS} ms, fetch timeout ${values.timeout} ms, ${values.postgres ? "PostgreSQL" : "SQLite"} (polite limit ${politeLimit.toFixed(0)} fetches/s)`,
    figures,
  );
}

/** One configuration on a fresh database: its instances in child processes at once; the publisher stays in this one. */
async function runConfiguration(urlOf: (feed: number) => string, configuration: Configuration): Promise<Run> {
  const { lanes, instances } = configuration;
  console.error(`fetch-lanes: ${lanes} lane(s), ${instances} instance(s)...`);
  const database = await createFreshDatabase();
  try {
    const entries = Array.from({ length: FEEDS }, (_, feed) => ({
      url: urlOf(feed),
      title: null,
      folder: null,
      siteUrl: null,
    }));
    await importSources(database.db, await readerId(database.db), entries, new Date());
    const startedAt = Date.now();
    // Asynchronous: the publisher answers from this process's event loop meanwhile.
    const outputs = await Promise.all(
      Array.from({ length: instances }, () =>
        runFile(
          process.execPath,
          [
            ...(values.profile ? ["--cpu-prof", "--cpu-prof-dir", values.profile] : []),
            "--import",
            "tsx",
            path.join(__dirname, "fetch-lanes/lanes-instance.ts"),
            values.seconds,
          ],
          {
            encoding: "utf8",
            env: {
              ...process.env,
              DATABASE_URL: database.url,
              TIDINGS_FETCH_LANES: String(lanes),
              TIDINGS_SHARED_ROUNDS: String(instances > 1),
              TIDINGS_HOST_GAP_MS: String(GAP_MS),
              TIDINGS_FETCH_TIMEOUT_MS: values.timeout,
              TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
              TIDINGS_LOG_LEVEL: "warn",
            },
            maxBuffer: 16 * 1024 * 1024,
          },
        ),
      ),
    );
    const each = outputs.map(({ stdout }) => JSON.parse(stdout.trim().split("\n").at(-1)!) as InstanceFigures);
    return {
      ...configuration,
      ...(await readRunFigures(database.db, startedAt, Number(values.seconds))),
      cpuSeconds: each.reduce((sum, figures) => sum + figures.cpuSeconds, 0),
      peakRssMb: Math.max(...each.map((figures) => figures.peakRssMb)),
    };
  } finally {
    await database.dispose();
  }
}

function describe(run: Run, counts: PolitenessCounts, politeLimit: number): BenchFigure[] {
  const label = `${run.lanes} lane${run.lanes === 1 ? "" : "s"}${run.instances > 1 ? ` × ${run.instances} instances` : ""}`;
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
      target: `≥ ${target.toFixed(0)} with 16 lanes${run.instances > 1 ? `; ≥ 1.7× one instance's` : ""}`,
    },
    {
      figure: `${label}: CPU s per 1,000 fetches`,
      value: ((run.cpuSeconds / Math.max(1, run.fetches)) * 1000).toFixed(2),
      target: "(measured)",
    },
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
