// What WebSub saves a publisher, and how much sooner entries arrive (issue 28).
// npx tsx scripts/bench/websub.ts [--feeds 20] [--hours 48] [--publish-every 3]
//
// The same virtual timeline twice, on fresh SQLite databases: N feeds on a local publisher, each
// gaining an entry every `publish-every` virtual hours (staggered), a real round every 5 virtual
// minutes. Once polling only; once with a local hub (tests/helpers/websub-hub.ts) named in the
// feeds' Link headers, to which the publisher hands every new entry at once, and Tidings' callback
// on a loopback server. Counted: requests to the publisher, how late entries were stored (virtual
// time from publication), and the real time a push takes to verify, parse and store.
import { parseArgs } from "node:util";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { startHub, type Hub } from "@/tests/helpers/websub-hub";
import { startCallbackServer, type CallbackServer } from "@/tests/helpers/websub-callback-server";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { createVirtualClock, type VirtualClock } from "@/lib/base/clock";
import { onClock } from "@/lib/pipeline/round/round-settings";
import { runRound } from "@/lib/pipeline/round/run-round";
import { DEFAULT_PUSH_RATE_LIMIT } from "@/lib/features/websub/push-rate-limit";
import { percentile, printFigures } from "./bench-output";

const { values } = parseArgs({
  options: {
    feeds: { type: "string", default: "20" },
    hours: { type: "string", default: "48" },
    "publish-every": { type: "string", default: "3" },
  },
});
const FEEDS = Number(values.feeds);
const HOURS = Number(values.hours);
const PUBLISH_EVERY_H = Number(values["publish-every"]);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TICK_MS = 5 * MINUTE;
const LEASE_SECONDS = 10 * 24 * 3600;

type Run = { requests: number; delaysMs: number[]; pushMs: number[]; entries: number };

async function simulate(withWebSub: boolean, start: number): Promise<Run> {
  const clock = createVirtualClock(new Date(start));
  const database = await createFreshDatabase();
  const publisher = await startPublisher({}, { host: "127.10.28.31" });
  const hub = withWebSub ? await startHub({ host: "127.10.28.32" }) : null;
  const callback = withWebSub
    ? await startCallbackServer(
        database.db,
        {
          now: () => clock.now(),
          maxBodyBytes: 10 * 1024 * 1024,
          rateLimit: DEFAULT_PUSH_RATE_LIMIT,
          requestedLeaseSeconds: LEASE_SECONDS,
        },
        "127.10.28.33",
      )
    : null;
  try {
    return await walkTimeline({ clock, database, publisher, hub, callback, start });
  } finally {
    await callback?.close();
    await hub?.close();
    await publisher.close();
    await database.dispose();
  }
}

async function walkTimeline(world: {
  clock: VirtualClock;
  database: FreshDatabase;
  publisher: Publisher;
  hub: Hub | null;
  callback: CallbackServer | null;
  start: number;
}): Promise<Run> {
  const { clock, database, publisher, hub, callback, start } = world;
  const entries: Array<Array<{ n: number; at: number }>> = Array.from({ length: FEEDS }, () => []);
  const topic = (id: number) => publisher.url(`/topic${id}`);
  const render = (id: number) =>
    rssFeed({
      title: `Feed ${id}`,
      items: entries[id]!.slice(-20)
        .reverse()
        .map((entry) => ({
          guid: `urn:f${id}:${entry.n}`,
          title: `Entry ${entry.n}`,
          link: `https://publisher.example/${id}/${entry.n}`,
          pubDate: new Date(entry.at).toUTCString(),
        })),
    });
  const serve = (id: number) =>
    publisher.setRoute(
      `/feed${id}.xml`,
      feed({
        body: render(id),
        etag: `"f${id}-${entries[id]!.length}"`,
        headers: hub ? { Link: `<${hub.url}>; rel="hub", <${topic(id)}>; rel="self"` } : {},
      }),
    );
  const publish = async (id: number, at: number) => {
    entries[id]!.push({ n: entries[id]!.length + 1, at });
    serve(id);
    if (hub) await hub.publish(topic(id), render(id));
  };
  // Every feed starts with three entries an hour apart, so the policy sees an hourly publisher.
  for (let id = 0; id < FEEDS; id += 1) {
    for (let k = 3; k >= 1; k -= 1) entries[id]!.push({ n: 4 - k, at: start - k * HOUR });
    serve(id);
    await addDueSource(database.db, publisher.url(`/feed${id}.xml`));
  }
  await database.db.source.updateMany({ data: { nextDueAt: new Date(start) } });
  const settings = onClock(
    testRoundSettings({
      webSub: callback
        ? {
            publicUrl: callback.origin,
            leaseSeconds: LEASE_SECONDS,
            userAgent: "Tidings/bench",
            timeoutMs: 3000,
            allowPrivateNetworks: true,
            allowPlainHttpHubs: true,
          }
        : null,
    }),
    clock,
  );
  const pushMs: number[] = [];
  const stagger = (PUBLISH_EVERY_H * HOUR) / FEEDS;
  const nextPublish = Array.from({ length: FEEDS }, (_, id) => start + HOUR + id * stagger);
  for (let at = start; at < start + HOURS * HOUR; at += TICK_MS) {
    if (clock.now().getTime() < at) clock.advance(at - clock.now().getTime());
    for (let id = 0; id < FEEDS; id += 1) {
      if (nextPublish[id]! > at) continue;
      const began = performance.now();
      await publish(id, at);
      if (hub) pushMs.push(performance.now() - began);
      nextPublish[id] = nextPublish[id]! + PUBLISH_EVERY_H * HOUR;
    }
    await runRound(database.db, settings, { trigger: "cron" });
    await hub?.settle();
  }
  const stored = await database.db.article.findMany({
    where: { publishedAt: { gte: new Date(start) } },
    select: { publishedAt: true, firstSeenAt: true },
  });
  return {
    requests: publisher.requests.length,
    delaysMs: stored.map((article) => article.firstSeenAt.getTime() - article.publishedAt.getTime()),
    pushMs,
    entries: entries.reduce((sum, list) => sum + list.filter((entry) => entry.at >= start).length, 0),
  };
}

async function main(): Promise<void> {
  // The timeline lies in the real past: no stored date looks like the future.
  const start = Math.floor((Date.now() - (HOURS + 2) * HOUR) / HOUR) * HOUR;
  const polled = await simulate(false, start);
  const pushed = await simulate(true, start);
  const minutes = (value: number) => `${(value / MINUTE).toFixed(1)} min`;
  printFigures(`WebSub: ${FEEDS} feeds, ${HOURS} virtual hours, an entry per feed every ${PUBLISH_EVERY_H} h`, [
    { figure: "entries published", value: String(polled.entries), target: "-" },
    {
      figure: "entries stored, polling / WebSub",
      value: `${polled.delaysMs.length} / ${pushed.delaysMs.length}`,
      target: "WebSub: all; polling: all but the newest, not yet due",
    },
    { figure: "requests to the publisher, polling only", value: String(polled.requests), target: "-" },
    {
      figure: "requests to the publisher, with WebSub",
      value: String(pushed.requests),
      target: "about one a day per feed",
    },
    {
      figure: "requests with WebSub / polling only",
      value: `${((100 * pushed.requests) / Math.max(1, polled.requests)).toFixed(1)}%`,
      target: "far below 100%",
    },
    {
      figure: "delay publication → stored, polling (p50 / p95)",
      value: `${minutes(percentile(polled.delaysMs, 50))} / ${minutes(percentile(polled.delaysMs, 95))}`,
      target: "-",
    },
    {
      figure: "delay publication → stored, WebSub (p50 / p95)",
      value: `${minutes(percentile(pushed.delaysMs, 50))} / ${minutes(percentile(pushed.delaysMs, 95))}`,
      target: "0 (stored when pushed)",
    },
    {
      figure: "one push, real time to verify, parse and store (p50 / p95)",
      value: `${percentile(pushed.pushMs, 50).toFixed(1)} ms / ${percentile(pushed.pushMs, 95).toFixed(1)} ms`,
      target: "well under the hub's timeout",
    },
  ]);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
