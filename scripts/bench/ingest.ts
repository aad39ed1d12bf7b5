// Ingest: a 1,000-item feed fetched the first time (all new) and again with a changed body in
// which every item is known. Measured end to end through a real round (fetch, parse, dedupe,
// one transaction), against a local publisher.
// npx tsx scripts/bench/ingest.ts [--items 1000] [--postgres]
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { headlinesFeed } from "@/tests/helpers/big-feed";
import { startPublisher, feed } from "@/tests/helpers/publisher";
import { runRound } from "@/lib/pipeline/round/run-round";
import { ms, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: { items: { type: "string", default: "1000" }, postgres: { type: "boolean", default: false } },
});
const ITEMS = Number(values.items);

function body(title: string): string {
  return headlinesFeed(ITEMS, title);
}

async function timedRound(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function main(): Promise<void> {
  if (values.postgres) process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/test";
  else delete process.env.DATABASE_URL;
  const publisher = await startPublisher({
    "/big.xml": feed({ body: body("Big feed"), etag: '"v1"' }),
    "/warm-up.xml": feed({ body: body("Warm-up") }),
  });
  const database = await createFreshDatabase();
  try {
    const settings = testRoundSettings();
    // A long-running server has its code compiled and its queries warm: measure that state.
    const warmUp = await addDueSource(database.db, publisher.url("/warm-up.xml"));
    await runRound(database.db, settings, { trigger: "cli", sourceId: warmUp });
    const sourceId = await addDueSource(database.db, publisher.url("/big.xml"));
    const round = () => runRound(database.db, settings, { trigger: "cli", sourceId });
    const first = await timedRound(round);
    const stored = await database.db.article.count({ where: { sourceId } });
    // A changed channel title: the body hash differs, so it is parsed; every item is known.
    publisher.setRoute("/big.xml", feed({ body: body("Big feed, renamed"), etag: '"v2"' }));
    await makeAllDue(database.db);
    const again = await timedRound(round);
    const last = await database.db.fetch.findFirstOrThrow({ orderBy: { id: "desc" } });
    const name = values.postgres ? "PostgreSQL" : "SQLite";
    printFigures(`Ingest (${name})`, [
      {
        figure: `${ITEMS}-item feed, first fetch (all new, ${stored} stored), ${name}`,
        value: ms(first, 0),
        target: "≤ 500 ms",
      },
      {
        figure: `same feed again, changed body, all items known (${last.newArticles} new), ${name}`,
        value: ms(again, 0),
        target: "≤ 100 ms",
      },
    ]);
  } finally {
    await publisher.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
