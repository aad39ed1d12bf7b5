// Memory: peak RSS across rounds that include a 20 MB body (refused at the 10 MB cap) and a
// gzip bomb, and RSS growth across many rounds. Rounds run in this process with the server's
// code (lib/pipeline/round), so this process's RSS is what a server would add.
// npx tsx scripts/bench/memory.ts [--rounds 100]   (node --expose-gc makes the growth figure exact)
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { startPublisher, feed, gzipBomb, hugeBody, rssFeed } from "@/tests/helpers/publisher";
import { runRound } from "@/lib/pipeline/round/run-round";
import { printFigures } from "./bench-output";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "100" } } });
const ROUNDS = Number(values.rounds);
const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;

async function main(): Promise<void> {
  delete process.env.DATABASE_URL;
  const normal = rssFeed({
    items: Array.from({ length: 50 }, (_, n) => ({
      guid: `urn:m:${n}`,
      title: `Post ${n}`,
      link: `https://publisher.example/${n}`,
    })),
  });
  const publisher = await startPublisher({
    "/huge.xml": hugeBody({ bytes: 20 * MIB }),
    "/bomb.xml": gzipBomb(1024),
    "/normal.xml": feed({ body: normal }),
  });
  const database = await createFreshDatabase();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const rssAfter: number[] = [];
  try {
    for (const path of ["/huge.xml", "/bomb.xml", "/normal.xml"]) await addDueSource(database.db, publisher.url(path));
    const settings = testRoundSettings({ fetch: { maxBodyBytes: 10 * MIB } });
    const startRss = process.memoryUsage().rss;
    for (let round = 0; round < ROUNDS; round += 1) {
      await makeAllDue(database.db);
      await runRound(database.db, settings, { trigger: "cli" });
      (globalThis as { gc?: () => void }).gc?.();
      rssAfter.push(process.memoryUsage().rss);
    }
    const kinds = await database.db.fetch.groupBy({ by: ["errorKind"], _count: { _all: true } });
    const early = rssAfter[Math.min(9, rssAfter.length - 1)]!;
    printFigures("Memory", [
      {
        figure: `peak RSS across ${ROUNDS} rounds with a 20 MB body and a 1 GiB gzip bomb (start ${mib(startRss)})`,
        value: mib(peak),
        target: "< 400 MB",
      },
      {
        figure: `RSS after round 10 → after round ${ROUNDS}`,
        value: `${mib(early)} → ${mib(rssAfter.at(-1)!)}`,
        target: "no growth",
      },
      {
        figure: "outcomes",
        value: kinds.map((row) => `${row.errorKind ?? "ok/304"}: ${row._count._all}`).join(", "),
        target: "too_large for both",
      },
    ]);
  } finally {
    clearInterval(sampler);
    await publisher.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
