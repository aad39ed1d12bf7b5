// Run by tests/integration/big-feed-memory.test.ts in a process of its own (node --import tsx), so
// that its heap figures are one round's and nothing else's: a small warming round (the round's
// modules loaded and compiled), the heap then, a round of the large feed, and the heap once the
// round has returned, without any collection asked by the test. Prints one JSON line.
// argv: the small feed's URL, the large feed's URL; DATABASE_URL: a migrated database.
import { setTimeout as sleep } from "node:timers/promises";
import { disconnectDb, getDb } from "@/lib/db/client";
import { runRound } from "@/lib/pipeline/round/run-round";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";

/** Long enough for the parse worker's idle stop (parse-worker-pool.ts) not to matter: it is the main heap's figure. */
const SETTLE_MS = 1000;

async function main(): Promise<void> {
  const [smallUrl, bigUrl] = process.argv.slice(2);
  const db = getDb();
  const settings = testRoundSettings({ fetch: { timeoutMs: 30_000 } });
  const round = async (url: string) => {
    const sourceId = await addDueSource(db, url);
    const report = await runRound(db, settings, { trigger: "cli", sourceId });
    return report.status === "skipped" ? null : report.lines[0];
  };
  await round(smallUrl!);
  await sleep(SETTLE_MS);
  const before = process.memoryUsage();
  const line = await round(bigUrl!);
  await sleep(SETTLE_MS);
  const after = process.memoryUsage();
  console.log(JSON.stringify({ before, after, newArticles: line?.newArticles ?? null, outcome: line?.outcome }));
  await disconnectDb();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
