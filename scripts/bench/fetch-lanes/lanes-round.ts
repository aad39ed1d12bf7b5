// One configuration of the lanes benchmark, in a process of its own so that its CPU time and
// peak RSS are Tidings' alone: a fresh database subscribed to the feeds listed in a file, then
// real rounds on the real clock (the server's code: runRound, settings from the environment) until
// every source has been fetched once or the time is up. Prints one JSON line of figures.
// node --import tsx scripts/bench/fetch-lanes/lanes-round.ts FEEDS.json SECONDS
import { readFileSync } from "node:fs";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { getEnv } from "@/lib/env";
import { roundSettingsFromEnv } from "@/lib/round/round-settings";
import { runRound } from "@/lib/round/run-round";
import { importSources } from "@/lib/store/import-sources";

export type LanesRunFigures = {
  lanes: number;
  sources: number;
  fetched: number;
  fetches: number;
  /** Seconds from the first round's start until every source was fetched once (null: not within the time). */
  firstPassSeconds: number | null;
  /** Fetches a second until 90% of the sources were fetched (the tail is hanging and held hosts). */
  rateTo90: number;
  cpuSecondsPer1000: number;
  peakRssMb: number;
  rounds: number;
};

async function main(): Promise<void> {
  const [file, secondsText] = process.argv.slice(2);
  const urls = JSON.parse(readFileSync(file!, "utf8")) as string[];
  const seconds = Number(secondsText);
  const database = await createFreshDatabase();
  try {
    await importSources(
      database.db,
      urls.map((url) => ({ url, title: null, folder: null, siteUrl: null })),
      new Date(),
    );
    const settings = roundSettingsFromEnv(getEnv());
    const started = performance.now();
    const cpu = process.cpuUsage();
    let rounds = 0;
    for (; performance.now() - started < seconds * 1000; rounds += 1) {
      const left = seconds * 1000 - (performance.now() - started);
      const report = await runRound(database.db, { ...settings, budgetMs: left }, { trigger: "cli" });
      if (report.status !== "completed") break;
    }
    const used = process.cpuUsage(cpu);
    const fetched = await database.db.fetch.groupBy({ by: ["sourceId"], _min: { startedAt: true } });
    const fetches = await database.db.fetch.count();
    const firstTimes = fetched.map((row) => row._min.startedAt!.getTime()).sort((a, b) => a - b);
    const origin = Date.now() - (performance.now() - started);
    const at90 = firstTimes[Math.ceil(urls.length * 0.9) - 1];
    const figures: LanesRunFigures = {
      lanes: settings.laneQueue.lanes,
      sources: urls.length,
      fetched: fetched.length,
      fetches,
      firstPassSeconds: fetched.length === urls.length ? (firstTimes.at(-1)! - origin) / 1000 : null,
      rateTo90: at90 === undefined ? fetches / seconds : Math.ceil(urls.length * 0.9) / ((at90 - origin) / 1000),
      cpuSecondsPer1000: ((used.user + used.system) / 1e6 / Math.max(1, fetches)) * 1000,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      rounds,
    };
    console.log(JSON.stringify(figures));
  } finally {
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
