// Per-fetch timings and scheduler signals (issue 20, items 1 and 2), from rounds against real local
// publishers on a virtual clock: the lane's waits and the budget are virtual time (exact), while
// the network exchange and the parse cost none of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { createVirtualClock } from "@/lib/base/clock";
import { onClock } from "@/lib/pipeline/round/round-settings";
import { readFleetDrift } from "@/lib/reads/health/read-fleet-drift";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { addLoggedFetches } from "@/tests/helpers/scheduled-fetches";
import { readerId } from "@/tests/helpers/reader-user";

const world = setUpRoundWorld();
let other: Publisher;
beforeAll(async () => {
  other = await startPublisher({}, { host: "127.0.0.2" });
});
afterAll(() => other?.close());

const BODY = rssFeed({
  items: [
    { guid: "urn:t:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});
const START = new Date("2030-01-01T12:00:00.000Z");
const MINUTE = 60_000;

/** Sources on `publisher`, due `lateMs` before START (each one minute less late than the one before). */
async function addLateSources(publisher: Publisher, names: string[], lateMs: number): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, name] of names.entries()) {
    publisher.setRoute(`/${name}.xml`, feed({ body: BODY, etag: `"${name}"` }));
    const id = await addDueSource(world.database.db, publisher.url(`/${name}.xml`));
    await world.database.db.source.update({
      where: { id },
      data: { nextDueAt: new Date(START.getTime() - lateMs + index * MINUTE) },
    });
    ids.push(id);
  }
  return ids;
}

const fetchesOf = (ids: number[]) =>
  world.database.db.fetch.findMany({ where: { sourceId: { in: ids } }, orderBy: { id: "asc" } });

describe("timings on the fetch row", () => {
  it("records the lane's wait for the host gap, the parse time of a parsed body, and how late each fetch started", async () => {
    const clock = createVirtualClock(START);
    const ids = await addLateSources(world.publisher, ["a", "b", "c"], 10 * MINUTE);
    const hostGapMs = 20_000;
    const report = await runRound(world.database.db, onClock(testRoundSettings({ hostGapMs }), clock), {
      trigger: "cli",
    });
    expect(report.status === "completed" && report.tally).toMatchObject({
      sourcesDue: 3,
      sourcesAttempted: 3,
      okCount: 3,
    });
    const rows = await fetchesOf(ids);
    // One host: the first request goes at once, each later one waits out the gap (virtual time, exactly).
    expect(rows.map((row) => row.laneWaitMs)).toEqual([0, hostGapMs, hostGapMs]);
    // A fetch starts before its lane wait: the second started when the first ended (START: the
    // exchange took no virtual time), the third after the second's wait (START + gap).
    expect(rows.map((row) => row.driftMs)).toEqual([10 * MINUTE, 9 * MINUTE, 8 * MINUTE + hostGapMs]);
    // Each fetch counted in the fleet's drift roll-up as it was stored: its UTC hour, its drift's
    // bucket (two significant digits: 8 min 20 s is 500,000 ms exactly).
    expect(
      await world.database.db.fetchDrift.findMany({ where: { hour: "2030-01-01T12" }, orderBy: { driftMs: "asc" } }),
    ).toEqual([
      { hour: "2030-01-01T12", driftMs: 8 * MINUTE + hostGapMs, fetches: 1 },
      { hour: "2030-01-01T12", driftMs: 9 * MINUTE, fetches: 1 },
      { hour: "2030-01-01T12", driftMs: 10 * MINUTE, fetches: 1 },
    ]);
    for (const row of rows) expect(row.parseMs).not.toBeNull();
    for (const row of rows) expect(row.parseMs!).toBeGreaterThanOrEqual(0);
  });

  it("has no parse time for a 304, and no drift for a fetch a person asked for", async () => {
    const clock = createVirtualClock(START);
    const [id] = await addLateSources(world.publisher, ["d"], 5 * MINUTE);
    const settings = onClock(testRoundSettings(), clock);
    await runRound(world.database.db, settings, { trigger: "cli" });
    // "Fetch now" a few virtual minutes later: the ETag comes back, the publisher answers 304.
    clock.advance(3 * MINUTE);
    const manual = await runRound(world.database.db, settings, { trigger: "manual", sourceId: id! });
    expect(manual.status === "completed" && manual.tally).toMatchObject({ notModifiedCount: 1 });
    const [scheduled, asked] = await fetchesOf([id!]);
    expect(scheduled).toMatchObject({ outcome: "ok", driftMs: 5 * MINUTE, manual: false });
    expect(asked).toMatchObject({ outcome: "not_modified", parseMs: null, driftMs: null, manual: true });
  });

  it("gives a subscription's first fetch its parse time but no drift (a person asked for it)", async () => {
    world.publisher.setRoute("/new.xml", feed({ body: BODY }));
    const result = await subscribe(world.database.db, testRoundSettings(), {
      userId: await readerId(world.database.db),
      url: world.publisher.url("/new.xml"),
    });
    expect(result.status).toBe("subscribed");
    const row = await world.database.db.fetch.findFirstOrThrow({
      where: { sourceId: result.status === "subscribed" ? result.sourceId : -1 },
    });
    // (Its lane wait is real time here: the Retry-After lookup on the system clock, a few ms.)
    expect(row).toMatchObject({ roundId: null, driftMs: null });
    expect(row.parseMs).not.toBeNull();
  });
});

describe("what a round leaves for later, and why", () => {
  it("counts the sources left by the budget apart from those left by a host's Retry-After hold", async () => {
    const clock = createVirtualClock(START);
    // Host 127.0.0.2 is held for an hour, far past the budget: its two sources are set aside, never asked.
    const held = await addLateSources(other, ["h1", "h2"], 30 * MINUTE);
    await world.database.db.hostState.create({
      data: { host: "127.0.0.2", retryAfterUntil: new Date(START.getTime() + 60 * MINUTE) },
    });
    // Four on 127.0.0.1 with a 1 s gap and a 1.5 s budget: fetched at 0, 1 and 2 s (the budget is
    // checked before a fetch takes its turn), the fourth is left for the budget.
    const open = await addLateSources(world.publisher, ["o1", "o2", "o3", "o4"], 20 * MINUTE);
    other.clearRequests();
    const report = await runRound(
      world.database.db,
      onClock(testRoundSettings({ hostGapMs: 1000, budgetMs: 1500 }), clock),
      { trigger: "cli" },
    );
    expect(report.status === "completed" && report.tally).toMatchObject({
      sourcesDue: 6,
      sourcesAttempted: 3,
      budgetExhausted: true,
      leftForBudget: 1,
      leftForHostHold: 2,
    });
    const round = await world.database.db.round.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(round).toMatchObject({ sourcesDue: 6, sourcesAttempted: 3, leftForBudget: 1, leftForHostHold: 2 });
    expect(other.requests).toHaveLength(0);
    expect(await fetchesOf(held)).toHaveLength(0);
    expect(await fetchesOf(open)).toHaveLength(3);
  });

  it("counts held sources whose hold outlasts the budget when nothing else is left", async () => {
    const clock = createVirtualClock(START);
    await addLateSources(other, ["x1", "x2"], 30 * MINUTE);
    await addLateSources(world.publisher, ["y1"], 30 * MINUTE);
    await world.database.db.hostState.create({
      data: { host: "127.0.0.2", retryAfterUntil: new Date(START.getTime() + 10 * MINUTE) },
    });
    const report = await runRound(world.database.db, onClock(testRoundSettings({ budgetMs: 60_000 }), clock), {
      trigger: "cli",
    });
    expect(report.status === "completed" && report.tally).toMatchObject({
      sourcesDue: 3,
      sourcesAttempted: 1,
      budgetExhausted: false,
      leftForBudget: 0,
      leftForHostHold: 2,
    });
  });
});

describe("the fleet's drift", () => {
  it("gives the nearest-rank median and p95 of scheduled fetches per UTC day and over the last 24 hours", async () => {
    const db = world.database.db;
    const [sourceId] = await addLateSources(world.publisher, ["f"], 0);
    const now = new Date("2030-01-10T06:00:00.000Z");
    const at = (iso: string, driftMs: number | null, manual = false) => ({
      sourceId: sourceId!,
      startedAt: new Date(iso),
      durationMs: 5,
      outcome: "ok",
      driftMs,
      manual,
    });
    await addLoggedFetches(db, [
      // 2030-01-08: 1..20 s → median (rank 10) 10 s, p95 (rank 19) 19 s.
      ...Array.from({ length: 20 }, (_, index) =>
        at(`2030-01-08T10:${String(index).padStart(2, "0")}:00.000Z`, (index + 1) * 1000),
      ),
      // 2030-01-09 evening and 2030-01-10 morning: within the last 24 h.
      at("2030-01-09T07:00:00.000Z", 60_000),
      at("2030-01-09T20:00:00.000Z", 3000),
      at("2030-01-10T05:00:00.000Z", -2000),
      // Unscheduled fetches have no drift and count nowhere.
      at("2030-01-10T05:30:00.000Z", null, true),
      // Outside the window (before its first day), and after `now`.
      at("2029-12-01T10:00:00.000Z", 999_000),
      at("2030-01-10T07:00:00.000Z", 999_000),
    ]);
    const drift = await readFleetDrift(db, { now, days: 3 });
    expect(drift.days).toEqual([
      { day: "2030-01-08", fetches: 20, medianMs: 10_000, p95Ms: 19_000 },
      { day: "2030-01-09", fetches: 2, medianMs: 3000, p95Ms: 60_000 },
      { day: "2030-01-10", fetches: 1, medianMs: -2000, p95Ms: -2000 },
    ]);
    // 2030-01-09T07:00 is 23 h before now: in. Sorted -2 s, 3 s, 60 s → median 3 s, p95 60 s.
    expect(drift.last24h).toEqual({ fetches: 3, medianMs: 3000, p95Ms: 60_000 });
    expect(await readFleetDrift(db, { now: new Date("2031-01-01T00:00:00.000Z"), days: 30 })).toEqual({
      days: [],
      last24h: null,
    });
  });

  it("reads the buckets' lower bounds, and the log for the part hour at the start of the last 24 hours", async () => {
    const db = world.database.db;
    const [sourceId] = await addLateSources(world.publisher, ["h"], 0);
    const now = new Date("2030-02-10T06:30:00.000Z");
    const at = (iso: string, driftMs: number, kind = "feed") => ({
      sourceId: sourceId!,
      startedAt: new Date(iso),
      durationMs: 5,
      outcome: "ok",
      driftMs,
      kind,
    });
    await addLoggedFetches(db, [
      // 4,270 ms → 4,200; 14 min 59 s → 14 min 50 s; -150 ms (early) → -100; 2,147,483,647 → 2.1e9.
      at("2030-02-09T10:00:00.000Z", 4270),
      at("2030-02-09T10:00:01.000Z", 899_000),
      at("2030-02-09T10:00:02.000Z", -150),
      at("2030-02-09T10:00:03.000Z", 2_147_483_647),
      // The hour the window starts in (06:00–07:00 on the 9th, from 06:30): 06:40 is in, 06:20 is out.
      at("2030-02-09T06:40:00.000Z", 1234),
      at("2030-02-09T06:20:00.000Z", 5_000_000),
      // A page request's row carries no drift rule: never counted, even in the part hour read from the log.
      at("2030-02-09T06:45:00.000Z", 7_000_000, "page"),
    ]);
    const drift = await readFleetDrift(db, { now, days: 2 });
    // 2030-02-09: -100, 1,200, 4,200, 890,000, 5,000,000, 2.1e9 → median rank 3, p95 rank 6.
    expect(drift.days).toEqual([{ day: "2030-02-09", fetches: 6, medianMs: 4200, p95Ms: 2_100_000_000 }]);
    // The last 24 h (from 06:30 on the 9th): all but the 06:20 fetch; -100, 1,200, 4,200, 890,000, 2.1e9.
    expect(drift.last24h).toEqual({ fetches: 5, medianMs: 4200, p95Ms: 2_100_000_000 });
  });

  it("ranks a settled day once, and today's on every read", async () => {
    const db = world.database.db;
    const [sourceId] = await addLateSources(world.publisher, ["g"], 0);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - 24 * 60 * MINUTE).toISOString().slice(0, 10);
    const row = (day: string, driftMs: number) => ({
      sourceId: sourceId!,
      startedAt: new Date(`${day}T00:00:01.000Z`),
      durationMs: 5,
      outcome: "ok",
      driftMs,
    });
    await addLoggedFetches(db, [row(yesterday, 7000), row(today, 1000)]);
    const first = await readFleetDrift(db, { now, days: 2 });
    expect(first.days).toEqual([
      { day: yesterday, fetches: 1, medianMs: 7000, p95Ms: 7000 },
      { day: today, fetches: 1, medianMs: 1000, p95Ms: 1000 },
    ]);
    // A row for a settled day cannot come from a fetch (rows are written when fetches happen): the
    // kept figures stand, which shows the day was not ranked again; today's are.
    await addLoggedFetches(db, [row(yesterday, 9000), row(today, 3000), row(today, 5000)]);
    const second = await readFleetDrift(db, { now: new Date(), days: 2 });
    expect(second.days[0]).toEqual({ day: yesterday, fetches: 1, medianMs: 7000, p95Ms: 7000 });
    expect(second.days[1]).toEqual({ day: today, fetches: 3, medianMs: 3000, p95Ms: 5000 });
    // The alert evaluation reads one day after every round: that must not evict the settled days
    // the health page's month needs (they would be ranked again on every page view).
    await readFleetDrift(db, { now: new Date(), days: 1 });
    const third = await readFleetDrift(db, { now: new Date(), days: 2 });
    expect(third.days[0]).toEqual({ day: yesterday, fetches: 1, medianMs: 7000, p95Ms: 7000 });
  });

  it("refuses a window that is not a positive whole number of days", async () => {
    for (const days of [0, -1, 1.5, Number.NaN]) {
      await expect(readFleetDrift(world.database.db, { now: START, days })).rejects.toThrow(
        /days must be a positive integer/,
      );
    }
  });
});
