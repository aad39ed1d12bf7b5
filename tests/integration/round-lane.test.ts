// One lane for every request, and Retry-After as a schedule (issue 14, items 2 and 3), against real
// local publishers: 127.0.0.1 and 127.0.0.2 are two host names (and two politeness keys).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import {
  delay,
  feed,
  rateLimited,
  redirect,
  rssFeed,
  sequence,
  startPublisher,
  type Publisher,
  type RecordedRequest,
} from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { createVirtualClock } from "@/lib/base/clock";
import { onClock } from "@/lib/pipeline/round/round-settings";
import { readerId } from "@/tests/helpers/reader-user";

const world = setUpRoundWorld();
let other: Publisher;
beforeAll(async () => {
  other = await startPublisher({}, { host: "127.0.0.2" });
});
afterAll(() => other?.close());

const BODY = rssFeed({
  items: [
    { guid: "urn:l:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});

describe("Retry-After is a schedule, not a stop", () => {
  it("holds the host for exactly its Retry-After, goes on with the other host, then fetches the held sources in the same round", async () => {
    other.clearRequests();
    world.publisher.setRoute("/limited.xml", sequence(rateLimited(2), feed({ body: BODY })));
    for (const name of ["a1", "a2"]) world.publisher.setRoute(`/${name}.xml`, feed({ body: BODY }));
    for (const name of ["b1", "b2"]) other.setRoute(`/${name}.xml`, feed({ body: BODY }));
    await addDueSource(world.database.db, world.publisher.url("/limited.xml"));
    for (const name of ["a1", "a2"]) await addDueSource(world.database.db, world.publisher.url(`/${name}.xml`));
    for (const name of ["b1", "b2"]) await addDueSource(world.database.db, other.url(`/${name}.xml`));

    const report = await runRound(world.database.db, testRoundSettings({ budgetMs: 10_000 }), { trigger: "cli" });
    expect(report.status === "completed" && report.tally).toMatchObject({
      sourcesDue: 5,
      sourcesAttempted: 5,
      okCount: 4,
      errorCount: 1,
      budgetExhausted: false,
    });
    const limited = world.publisher.requestsTo("/limited.xml");
    expect(limited).toHaveLength(1); // the 429'd source itself waits for its own schedule
    const holdStart = limited[0]!.finishedAt!;
    const afterHold = world.publisher.requests.filter((request) => request.arrivedAt > limited[0]!.arrivedAt);
    expect(afterHold.map((request) => request.path).sort()).toEqual(["/a1.xml", "/a2.xml"]);
    // No request to the held host during its hold (Retry-After has a resolution of one second).
    for (const request of afterHold) expect(request.arrivedAt - holdStart).toBeGreaterThanOrEqual(1900);
    // The other host went on meanwhile, without waiting for the hold.
    expect(other.requests).toHaveLength(2);
    expect(Math.max(...other.requests.map((request) => request.arrivedAt)) - holdStart).toBeLessThan(1500);
  });

  it("leaves held sources due for the next round when the hold outlasts the budget, and sends them nothing", async () => {
    world.publisher.setRoute("/limited.xml", rateLimited(30));
    world.publisher.setRoute("/a1.xml", feed({ body: BODY }));
    await addDueSource(world.database.db, world.publisher.url("/limited.xml"));
    const waiting = await addDueSource(world.database.db, world.publisher.url("/a1.xml"));
    const started = performance.now();
    const report = await runRound(world.database.db, testRoundSettings({ budgetMs: 1500 }), { trigger: "cli" });
    expect(performance.now() - started).toBeLessThan(1500); // it did not sleep into a hold it cannot see the end of
    expect(report.status === "completed" && report.tally).toMatchObject({ sourcesDue: 2, sourcesAttempted: 1 });
    expect(world.publisher.requestsTo("/a1.xml")).toHaveLength(0);
    const source = await world.database.db.source.findUniqueOrThrow({ where: { id: waiting } });
    expect(source.nextDueAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The next round lists it, and still sends nothing while the hold runs.
    await runRound(world.database.db, testRoundSettings({ budgetMs: 500 }), { trigger: "cli" });
    expect(world.publisher.requestsTo("/a1.xml")).toHaveLength(0);
  });
});

describe("one lane for every request", () => {
  const GAP = 300;

  function expectSerialWithGap(requests: RecordedRequest[]): void {
    const sorted = [...requests].sort((a, b) => a.arrivedAt - b.arrivedAt);
    for (let index = 1; index < sorted.length; index += 1) {
      expect(
        sorted[index]!.arrivedAt - sorted[index - 1]!.finishedAt!,
        `${sorted[index - 1]!.path} → ${sorted[index]!.path}`,
      ).toBeGreaterThanOrEqual(GAP - 15);
    }
  }

  it("makes a redirect hop wait the host gap", async () => {
    world.publisher.setRoute("/old.xml", redirect(302, "/new.xml"));
    world.publisher.setRoute("/new.xml", feed({ body: BODY }));
    await addDueSource(world.database.db, world.publisher.url("/old.xml"));
    await runRound(world.database.db, testRoundSettings({ hostGapMs: GAP }), { trigger: "cli" });
    expect(world.publisher.requests.map((request) => request.path)).toEqual(["/old.xml", "/new.xml"]);
    expectSerialWithGap(world.publisher.requests);
  });

  it("never sends a redirect hop to another host name during that host's Retry-After hold", async () => {
    other.clearRequests();
    other.setRoute("/moved.xml", feed({ body: BODY }));
    world.publisher.setRoute("/hop.xml", redirect(302, other.url("/moved.xml")));
    const id = await addDueSource(world.database.db, world.publisher.url("/hop.xml"));
    const until = new Date(Date.now() + 600_000);
    await world.database.db.hostState.create({
      data: { host: "127.0.0.2", retryAfterUntil: until, updatedAt: new Date() },
    });
    await runRound(world.database.db, testRoundSettings({ hostGapMs: GAP }), { trigger: "cli" });
    expect(world.publisher.requestsTo("/hop.xml")).toHaveLength(1);
    expect(other.requests).toHaveLength(0);
    const [row] = await world.database.db.fetch.findMany({ where: { sourceId: id } });
    expect(row).toMatchObject({ outcome: "error", errorKind: "rate_limited" });
    expect(row!.detail).toContain(`127.0.0.2 asked to wait until ${until.toISOString()} (Retry-After): not asked`);
  });

  it("keeps a second subscription, a fetch now and a round racing on one host to one request in flight, gap held", async () => {
    for (let index = 0; index < 3; index += 1) {
      world.publisher.setRoute(`/r${index}.xml`, delay(30, feed({ body: BODY })));
      await addDueSource(world.database.db, world.publisher.url(`/r${index}.xml`));
    }
    world.publisher.setRoute("/manual.xml", delay(30, feed({ body: BODY })));
    const manual = await addDueSource(world.database.db, world.publisher.url("/manual.xml"));
    await world.database.db.source.update({
      where: { id: manual },
      data: { nextDueAt: new Date(Date.now() + 3_600_000) },
    });
    world.publisher.setRoute("/second.xml", delay(30, feed({ body: BODY })));
    const settings = testRoundSettings({ hostGapMs: GAP });

    const [round, subscribed, fetchedNow] = await Promise.all([
      runRound(world.database.db, settings, { trigger: "cli" }),
      subscribe(world.database.db, settings, {
        userId: await readerId(world.database.db),
        url: world.publisher.url("/second.xml"),
      }),
      // The same process's "fetch now" (the runner queues it after a round; here it races the
      // round's walk directly, which only the lane keeps polite).
      runRound(world.database.db, settings, { trigger: "manual", sourceId: manual }),
    ]);
    expect(round.status === "completed" && round.tally.sourcesAttempted).toBeGreaterThanOrEqual(3);
    expect(subscribed.status).toBe("subscribed");
    expect(fetchedNow.status).toBe("completed");
    expect(world.publisher.requests.map((request) => request.path).sort()).toEqual([
      "/manual.xml",
      "/r0.xml",
      "/r1.xml",
      "/r2.xml",
      "/second.xml",
    ]);
    expect(world.publisher.maxConcurrency()).toBe(1);
    expectSerialWithGap(world.publisher.requests);
  });
});

describe("fetch now", () => {
  it("never undercuts a Retry-After and does not ask again within a few minutes", async () => {
    world.publisher.setRoute("/now.xml", feed({ body: BODY }));
    const id = await addDueSource(world.database.db, world.publisher.url("/now.xml"));
    const first = await runRound(world.database.db, testRoundSettings(), {
      trigger: "manual",
      sourceId: id,
      repeatMs: 300_000,
    });
    expect(first.status).toBe("completed");
    const again = await runRound(world.database.db, testRoundSettings(), {
      trigger: "manual",
      sourceId: id,
      repeatMs: 300_000,
    });
    expect(again).toMatchObject({ status: "skipped", reason: expect.stringMatching(/less than 5 minutes ago/) });
    await world.database.db.source.update({ where: { id }, data: { lastFetchedAt: new Date(Date.now() - 600_000) } });
    await world.database.db.hostState.create({
      data: { host: "127.0.0.1", retryAfterUntil: new Date(Date.now() + 60_000) },
    });
    const held = await runRound(world.database.db, testRoundSettings(), {
      trigger: "manual",
      sourceId: id,
      repeatMs: 300_000,
    });
    expect(held).toMatchObject({ status: "skipped", reason: expect.stringMatching(/Retry-After/) });
    expect(world.publisher.requestsTo("/now.xml")).toHaveLength(1);
  });
});

describe("a round on a virtual clock (issue 14, item 8)", () => {
  it("waits the host gap in virtual time instead of sleeping, and stores virtual times", async () => {
    const clock = createVirtualClock(new Date("2030-01-01T00:00:00.000Z"));
    for (const name of ["v1", "v2", "v3"]) world.publisher.setRoute(`/${name}.xml`, feed({ body: BODY }));
    const ids = [];
    for (const name of ["v1", "v2", "v3"])
      ids.push(await addDueSource(world.database.db, world.publisher.url(`/${name}.xml`)));
    const hostGapMs = 30_000;
    const settings = onClock(testRoundSettings({ hostGapMs }), clock);
    const started = performance.now();
    const report = await runRound(world.database.db, settings, { trigger: "cli" });
    expect(report.status === "completed" && report.tally).toMatchObject({ sourcesAttempted: 3, okCount: 3 });
    // Two gaps of 30 s between three requests to one host: virtual time, not the wall's.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(clock.monotonicMs()).toBe(2 * hostGapMs);
    const fetched = await world.database.db.source.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(fetched.map((source) => source.lastFetchedAt?.toISOString())).toEqual([
      "2030-01-01T00:00:00.000Z",
      "2030-01-01T00:00:30.000Z",
      "2030-01-01T00:01:00.000Z",
    ]);
  });
});
