// Real rounds on a virtual clock against a publisher with every server behaviour issue 14 lists.
// npx tsx scripts/bench/real-rounds.ts [--feeds 200] [--hours 10]
//
// A round every 5 virtual minutes (the server's cron), runRound itself on a fresh SQLite database
// with the defaults (gap 1 s, 60 min floor, robots.txt on), except what keeps it fast: a 1 MB body
// cap (the oversized feeds are 2 MB) and a 500 ms fetch timeout (the hanging servers). Waits (the
// host gap, Retry-After) pass in virtual time, at once; a request takes no virtual time.
import { parseArgs } from "node:util";
import { createFreshDatabase } from "@/tests/helpers/fresh-database";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { parseEnv } from "@/lib/base/env";
import { createVirtualClock } from "@/lib/base/clock";
import { onClock, roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { withAlerts } from "@/lib/features/alerts/evaluate-alerts";
import { runRound } from "@/lib/pipeline/round/run-round";
import { printFigures } from "./bench-output";
import { buildPopulation, HOUR, MINUTE } from "./real-rounds/population";
import { startBenchPublisher } from "./real-rounds/publisher";
import { measure } from "./real-rounds/measure";

const { values } = parseArgs({
  options: { feeds: { type: "string", default: "200" }, hours: { type: "string", default: "10" } },
});
const FEEDS = Number(values.feeds);
const HOURS = Number(values.hours);
const TICK_MS = 5 * MINUTE;

async function main(): Promise<void> {
  // The whole run lies in the real past, so no date it stores or reads looks like the future.
  const start = Math.floor((Date.now() - (HOURS + 1) * HOUR) / HOUR) * HOUR;
  const end = start + HOURS * HOUR;
  const clock = createVirtualClock(new Date(start));
  const feeds = buildPopulation(FEEDS, start, end);
  const publisher = await startBenchPublisher(feeds, () => clock.now().getTime(), start);
  const database = await createFreshDatabase();
  const env = parseEnv({
    ...process.env,
    TIDINGS_MAX_BODY_BYTES: String(1024 * 1024),
    TIDINGS_FETCH_TIMEOUT_MS: "500",
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    // The feeds' politeness is measured here; icons are a request per site a month.
    TIDINGS_ICONS: "false",
  });
  const settings = onClock(withAlerts(roundSettingsFromEnv(env)), clock);
  const wall = performance.now();
  try {
    for (const feed of feeds) await addDueSource(database.db, publisher.urlOf(feed));
    await database.db.source.updateMany({ data: { nextDueAt: new Date(start), createdAt: new Date(start) } });
    for (let tick = 0; tick < HOURS * (HOUR / TICK_MS); tick += 1) {
      const at = start + tick * TICK_MS;
      if (clock.now().getTime() < at) clock.advance(at - clock.now().getTime());
      await runRound(database.db, settings, { trigger: "cron" });
    }
    if (clock.now().getTime() < end) clock.advance(end - clock.now().getTime());
  } finally {
    await publisher.close();
    await database.dispose();
  }
  const { figures, notes } = measure({
    feeds,
    requests: publisher.requests,
    firstServed: publisher.firstServed,
    start,
    end,
  });
  printFigures(
    `Real rounds on a virtual clock (${FEEDS} feeds, every behaviour, a round every 5 min for ${HOURS} h; ${((performance.now() - wall) / 1000).toFixed(0)} s of wall time)`,
    figures,
  );
  console.log(
    `\nIdeal: an hourly poller sending back its validators; bodies: one per change (once at first) from servers that honour validators, one per poll from those that ignore or churn them, one refused body per refused feed, none from 404, hanging or gone; an HTML page that links to its feed: the page once, then as its feed. Per class (requests [status:count], body bytes vs ideal):`,
  );
  for (const note of notes) console.log(note);
  if (HOURS < 10)
    console.log(`\nThe targets are for 10 hours: a ${HOURS}-hour run is dominated by the first fetch of every feed.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
