// What sharing a source costs the round (issue 25): a round that stores the same new articles for
// sources followed by 20 readers each, against the same round with one reader. Each new article
// is unread for every subscriber (one INSERT … SELECT from Subscription per 100 articles), so the
// round with 20 readers writes 20 times the reading rows: the target is at most twice the time.
// Measured end to end through real rounds (fetch, parse, dedupe, one transaction per feed), against
// a local publisher, on a fresh database each.
// npx tsx scripts/bench/subscriber-fanout.ts [--articles 1000] [--sources 10] [--readers 20] [--postgres]
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { headlinesFeed } from "@/tests/helpers/big-feed";
import { startPublisher, feed, type Publisher } from "@/tests/helpers/publisher";
import { createMember } from "@/tests/helpers/reader-user";
import { runRound } from "@/lib/pipeline/round/run-round";
import { ms, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "1000" },
    sources: { type: "string", default: "10" },
    readers: { type: "string", default: "20" },
    postgres: { type: "boolean", default: false },
  },
});
const ARTICLES = Number(values.articles);
const SOURCES = Number(values.sources);
const READERS = Number(values.readers);

/** One round storing every source's articles (all new) for `readers` subscribers of each; its wall time in ms. */
async function timeRound(
  publisher: Publisher,
  readers: number,
): Promise<{ ms: number; stored: number; unreadRows: number }> {
  const database = await createFreshDatabase();
  try {
    const settings = testRoundSettings();
    // A long-running server has its code compiled and its queries warm: measure that state.
    const warmUp = await addDueSource(database.db, publisher.url("/warm-up.xml"));
    await runRound(database.db, settings, { trigger: "cli", sourceId: warmUp });
    const sourceIds: number[] = [];
    for (let s = 0; s < SOURCES; s++) sourceIds.push(await addDueSource(database.db, publisher.url(`/feed-${s}.xml`)));
    for (let r = 1; r < readers; r++) {
      const userId = await createMember(database.db, `reader-${r}`);
      await database.db.subscription.createMany({ data: sourceIds.map((sourceId) => ({ userId, sourceId })) });
    }
    const started = performance.now();
    await runRound(database.db, settings, { trigger: "cli" });
    const elapsed = performance.now() - started;
    const stored = await database.db.article.count({ where: { sourceId: { in: sourceIds } } });
    const unreadRows = await database.db.unreadArticle.count({ where: { sourceId: { in: sourceIds } } });
    return { ms: elapsed, stored, unreadRows };
  } finally {
    await database.dispose();
  }
}

async function main(): Promise<void> {
  if (values.postgres) process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/test";
  else delete process.env.DATABASE_URL;
  const routes: Record<string, ReturnType<typeof feed>> = {
    "/warm-up.xml": feed({ body: headlinesFeed(50, "Warm-up") }),
  };
  for (let s = 0; s < SOURCES; s++)
    routes[`/feed-${s}.xml`] = feed({ body: headlinesFeed(Math.floor(ARTICLES / SOURCES), `Feed ${s}`) });
  const publisher = await startPublisher(routes);
  try {
    const one = await timeRound(publisher, 1);
    const many = await timeRound(publisher, READERS);
    const name = values.postgres ? "PostgreSQL" : "SQLite";
    printFigures(`Subscriber fan-out (${name})`, [
      {
        figure: `round storing ${one.stored} new articles over ${SOURCES} sources, 1 reader each (${one.unreadRows} unread rows), ${name}`,
        value: ms(one.ms, 0),
        target: "",
      },
      {
        figure: `the same round, ${READERS} readers each (${many.stored} articles, ${many.unreadRows} unread rows), ${name}`,
        value: ms(many.ms, 0),
        target: "",
      },
      { figure: `ratio, ${READERS} readers to 1, ${name}`, value: `${(many.ms / one.ms).toFixed(2)}×`, target: "≤ 2×" },
    ]);
  } finally {
    await publisher.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
