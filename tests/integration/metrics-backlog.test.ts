// The backlog and /metrics after a round that leaves sources for later (issue 20, items 2 and 3):
// a real publisher on 127.0.0.1, another host under a Retry-After hold, a round on a virtual
// clock whose budget runs out. The Round row, the fleet page's sentence and the gauges must tell
// the same story; the exposition must read in a real Prometheus text-format parser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rssFeed, startPublisher, status, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { histogramOf, readExposition, sampleValue } from "@/tests/helpers/read-exposition";
import { runRound } from "@/lib/pipeline/round/run-round";
import { createVirtualClock } from "@/lib/base/clock";
import { onClock } from "@/lib/pipeline/round/round-settings";
import { readBacklog } from "@/lib/reads/health/read-backlog";
import { describeBacklog } from "@/lib/reads/health/describe-backlog";
import { describeLanesHint } from "@/lib/reads/health/describe/describe-lanes-hint";
import { renderMetrics } from "@/lib/reads/health/render-metrics";

const world = setUpRoundWorld();
let held: Publisher;
beforeAll(async () => {
  held = await startPublisher({}, { host: "127.0.0.2" });
});
afterAll(() => held?.close());

const BODY = rssFeed({
  items: [
    { guid: "urn:m:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});
const START = new Date("2030-03-01T08:00:00.000Z");
const MINUTE = 60_000;

async function addSourceDue(publisher: Publisher, path: string, dueAt: Date): Promise<number> {
  const id = await addDueSource(world.database.db, publisher.url(path));
  await world.database.db.source.update({ where: { id }, data: { nextDueAt: dueAt } });
  return id;
}

describe("a round that leaves sources for later", () => {
  it("agrees in the Round row, the backlog sentence and the /metrics gauges, and its exposition parses", async () => {
    const db = world.database.db;
    const clock = createVirtualClock(START);
    // 127.0.0.1: four sources 20-23 min late, one answering 500; a 1 s gap and a 1.5 s budget fetch three.
    world.publisher.setRoute("/m0.xml", status(500));
    for (const name of ["m1", "m2", "m3"]) world.publisher.setRoute(`/${name}.xml`, feed({ body: BODY }));
    for (const [index, name] of ["m0", "m1", "m2", "m3"].entries())
      await addSourceDue(world.publisher, `/${name}.xml`, new Date(START.getTime() - (23 - index) * MINUTE));
    // 127.0.0.2: held by Retry-After for an hour; its two sources (40 and 35 min late) are never asked.
    await addSourceDue(held, "/h1.xml", new Date(START.getTime() - 40 * MINUTE));
    await addSourceDue(held, "/h2.xml", new Date(START.getTime() - 35 * MINUTE));
    await db.hostState.create({
      data: { host: "127.0.0.2", retryAfterUntil: new Date(START.getTime() + 60 * MINUTE) },
    });
    const before = readExposition(await renderMetrics(db, clock.now()));

    const report = await runRound(db, onClock(testRoundSettings({ hostGapMs: 1000, budgetMs: 1500 }), clock), {
      trigger: "cron",
    });
    expect(report.status).toBe("completed");
    const round = await db.round.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(round).toMatchObject({
      sourcesDue: 6,
      sourcesAttempted: 3,
      errorCount: 1,
      okCount: 2,
      budgetExhausted: true,
      leftForBudget: 1,
      leftForHostHold: 2,
    });
    expect(held.requests).toHaveLength(0);

    // Two virtual seconds passed in the round (two gaps); the left sources are as late as they were plus that.
    const now = clock.now();
    const backlog = await readBacklog(db, now);
    expect(backlog).toMatchObject({ due: 3, overdue: 3, overdueHeld: 2, oldestOverdueMs: 40 * MINUTE + 2000 });
    expect(backlog.lastRound).toMatchObject({ id: round.id, leftForBudget: 1, leftForHostHold: 2 });
    expect(describeBacklog(backlog)).toBe(
      "3 sources overdue, oldest by 40 min, because the last round's time budget ran out with 1 source left for later, and 2 of them wait for their host's Retry-After.",
    );
    // The one source the budget left is on one publisher (the held ones do not count): one lane is enough.
    expect(backlog.overduePublishers).toBe(1);
    expect(describeLanesHint(backlog, 1)).toBe(
      "The overdue sources are on 1 publisher and Tidings asks one publisher at a time (TIDINGS_FETCH_LANES=1): their gaps set the pace, and more lanes would not help.",
    );

    const families = readExposition(await renderMetrics(db, now));
    expect(sampleValue(families, "tidings_sources_due")).toBe(3);
    expect(sampleValue(families, "tidings_sources_overdue")).toBe(3);
    expect(sampleValue(families, "tidings_oldest_overdue_seconds")).toBe(40 * 60 + 2);
    expect(sampleValue(families, "tidings_last_round_sources_left", { reason: "budget" })).toBe(1);
    expect(sampleValue(families, "tidings_last_round_sources_left", { reason: "host_hold" })).toBe(2);
    // This process's counters grew by exactly this round's fetches.
    const grew = (name: string, labels: Record<string, string>) =>
      (sampleValue(families, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(grew("tidings_fetch_responses_total", { outcome: "ok", status_class: "2xx" })).toBe(2);
    expect(grew("tidings_fetch_responses_total", { outcome: "error", status_class: "5xx" })).toBe(1);
    const count = (name: string, labels: Record<string, string> = {}) =>
      histogramOf(families, name, labels)!.count - histogramOf(before, name, labels)!.count;
    expect(count("tidings_fetch_duration_seconds")).toBe(3);
    expect(count("tidings_schedule_drift_seconds")).toBe(3);
    // Parsed: the two feeds (a 500's body is never read).
    expect(count("tidings_parse_duration_seconds")).toBe(2);
    expect(count("tidings_fetch_body_bytes", { encoding: "wire" })).toBe(2);
    expect(count("tidings_fetch_body_bytes", { encoding: "decoded" })).toBe(2);
    // Uncompressed bodies here: the same bytes on the wire as decoded.
    const sumGrew = (labels: Record<string, string>) =>
      histogramOf(families, "tidings_fetch_body_bytes", labels)!.sum -
      histogramOf(before, "tidings_fetch_body_bytes", labels)!.sum;
    expect(sumGrew({ encoding: "wire" })).toBe(2 * Buffer.byteLength(BODY));
    expect(sumGrew({ encoding: "decoded" })).toBe(2 * Buffer.byteLength(BODY));
    // Drift: 23, 22 and 21 min + 1 s (a fetch starts before its lane wait: the third after the second's
    // 1 s gap): all in the le=1800 bucket, none in le=600.
    const drift = histogramOf(families, "tidings_schedule_drift_seconds")!;
    const driftBefore = histogramOf(before, "tidings_schedule_drift_seconds")!;
    expect(drift.buckets.get("1800")! - driftBefore.buckets.get("1800")!).toBe(3);
    expect(drift.buckets.get("600")! - driftBefore.buckets.get("600")!).toBe(0);
    expect(drift.sum - driftBefore.sum).toBeCloseTo(23 * 60 + 22 * 60 + 21 * 60 + 1, 3);
  });

  it("says when nothing is overdue, and leaves the gauges at zero", async () => {
    const now = new Date();
    await addSourceDue(world.publisher, "/fresh.xml", new Date(now.getTime() - MINUTE));
    const backlog = await readBacklog(world.database.db, now);
    expect(describeBacklog(backlog)).toBe("1 source is due, none overdue.");
    const families = readExposition(await renderMetrics(world.database.db, now));
    expect(sampleValue(families, "tidings_sources_overdue")).toBe(0);
    expect(sampleValue(families, "tidings_oldest_overdue_seconds")).toBe(0);
  });
});
