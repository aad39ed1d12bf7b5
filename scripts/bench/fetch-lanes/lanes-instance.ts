// One Tidings instance of the lanes benchmark, in a process of its own so that its CPU time and
// peak RSS are its own: real rounds on the real clock (the server's code: runRound, settings from
// the environment, TIDINGS_FETCH_LANES and TIDINGS_SHARED_ROUNDS included) on the database of
// DATABASE_URL, which the benchmark filled, until no source is left unfetched or the time is up.
// Prints one JSON line: { cpuSeconds, peakRssMb, rounds }.
// DATABASE_URL=… node --import tsx scripts/bench/fetch-lanes/lanes-instance.ts SECONDS
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { runRound } from "@/lib/pipeline/round/run-round";

export type InstanceFigures = { cpuSeconds: number; peakRssMb: number; rounds: number };

/** Between two rounds of an instance that found nothing to claim (the others hold every domain). */
const IDLE_MS = 200;

async function main(): Promise<void> {
  const seconds = Number(process.argv[2]);
  const db = getDb();
  const settings = roundSettingsFromEnv(getEnv());
  const started = performance.now();
  const cpu = process.cpuUsage();
  let rounds = 0;
  // Bounded by the time: every pass is a round (its budget the time left) or a short wait.
  while (performance.now() - started < seconds * 1000) {
    if ((await db.source.count({ where: { lastFetchedAt: null } })) === 0) break;
    const left = seconds * 1000 - (performance.now() - started);
    const report = await runRound(db, { ...settings, budgetMs: left }, { trigger: "cli" });
    if (report.status === "failed") throw new Error(report.reason);
    if (report.status === "skipped") await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    else rounds += 1;
  }
  const used = process.cpuUsage(cpu);
  const figures: InstanceFigures = {
    cpuSeconds: (used.user + used.system) / 1e6,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    rounds,
  };
  console.log(JSON.stringify(figures));
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
