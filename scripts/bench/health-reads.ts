// Each of /health's expensive reads timed alone, in-process, against a database kept by
// scripts/bench/health.ts --keep (the page's full response time is that script's own figure).
// DATABASE_URL=<the kept URL> npx tsx --conditions react-server scripts/bench/health-reads.ts [--runs 7]
// (react-server: the reads import "server-only", as Server Components do). Prints p50 and max wall
// time and p50 CPU time per read, after one warm-up call (the drift read caches settled days then,
// as the server does).
import { parseArgs } from "node:util";
import { readFleetDrift } from "@/lib/reads/health/read-fleet-drift";
import { listDailyOutcomes } from "@/lib/reads/health/list-daily-outcomes";
import { listPublishers } from "@/lib/reads/health/list-publishers";
import { getFleetStates } from "@/lib/reads/health/get-fleet-states";
import { getDb } from "@/lib/db/client";
import { claimFirstAdmin } from "@/lib/features/auth/users";
import { listAlerts } from "@/lib/features/alerts/list-alerts";
import { readBacklog } from "@/lib/reads/health/read-backlog";
import { listWebSubNotices } from "@/lib/features/websub/get-websub-health";
import { readStorageStatus } from "@/lib/reads/health/read-storage-status";
import { listRecentRounds } from "@/lib/reads/health/list-recent-rounds";
import { listPageCosts } from "@/lib/reads/health/list-page-costs";
import { listSourcesPage } from "@/lib/reads/sources/list-sources";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" } } });
const RUNS = Number(values.runs);
/** The bench's reader: the first admin, who follows every seeded source. */
const readerId = async () => (await claimFirstAdmin(getDb())).id;

const READS: Array<[string, () => Promise<unknown>]> = [
  ["readFleetDrift", () => readFleetDrift(getDb(), { now: new Date(), days: 30 })],
  ["listDailyOutcomes", () => listDailyOutcomes(null, new Date(), 30)],
  ["listPublishers", () => listPublishers(new Date())],
  ["getFleetStates", () => getFleetStates(new Date())],
  ["listAlerts", () => listAlerts(new Date())],
  ["readBacklog", () => readBacklog(getDb(), new Date())],
  ["listWebSubNotices", () => listWebSubNotices(new Date())],
  ["readStorageStatus", () => readStorageStatus(getDb(), { retentionDays: 90, schedulerOn: true })],
  ["listRecentRounds", () => listRecentRounds(25)],
  ["listPageCosts (30 days)", () => listPageCosts({ since: new Date(Date.now() - 29 * 86_400_000) })],
  [
    "listSourcesPage (the /sources page's read: problems first)",
    async () => listSourcesPage(await readerId(), { sort: "problems", state: null, q: "", page: 1 }, new Date()),
  ],
  [
    "listSourcesPage (a state and a search)",
    async () =>
      listSourcesPage(await readerId(), { sort: "title", state: "backing_off", q: "feed-3", page: 1 }, new Date()),
  ],
];

async function timeRead(read: () => Promise<unknown>): Promise<{ wall: number[]; cpu: number[] }> {
  await read();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await read();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

async function main(): Promise<void> {
  for (const [name, read] of READS) {
    const { wall, cpu } = await timeRead(read);
    const middle = Math.floor(RUNS / 2);
    console.log(
      `${name}: p50 ${wall[middle]!.toFixed(0)} ms, max ${wall[RUNS - 1]!.toFixed(0)} ms, CPU p50 ${cpu[middle]!.toFixed(0)} ms`,
    );
  }
  process.exit(0);
}

void main();
