import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, delay, rssFeed } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { freePort } from "@/tests/helpers/app-server";

const world = setUpRoundWorld();
const BODY = rssFeed({
  items: [
    { guid: "urn:p:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});

describe("politeness of a round", () => {
  it("never has more than one request in flight", async () => {
    for (let index = 0; index < 8; index += 1) {
      world.publisher.setRoute(`/s${index}.xml`, delay(40, feed({ body: BODY })));
      await addDueSource(world.database.db, world.publisher.url(`/s${index}.xml`));
    }
    await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    expect(world.publisher.requests).toHaveLength(8);
    expect(world.publisher.maxConcurrency()).toBe(1);
  });

  it("waits the per-host gap between the end of one request and the start of the next", async () => {
    for (const name of ["a", "b", "c"]) {
      world.publisher.setRoute(`/${name}.xml`, feed({ body: BODY }));
      await addDueSource(world.database.db, world.publisher.url(`/${name}.xml`));
    }
    await runRound(world.database.db, testRoundSettings({ hostGapMs: 250 }), { trigger: "cli" });
    const requests = world.publisher.requests;
    expect(requests).toHaveLength(3);
    for (let index = 1; index < requests.length; index += 1) {
      expect(requests[index]!.arrivedAt - requests[index - 1]!.finishedAt!).toBeGreaterThanOrEqual(240);
    }
  });

  it("lets only one of two instances run a round at a time (the database lease)", async () => {
    world.publisher.setRoute("/slow.xml", delay(300, feed({ body: BODY })));
    await addDueSource(world.database.db, world.publisher.url("/slow.xml"));
    const reports = await Promise.all([
      runRound(world.database.db, testRoundSettings({ instanceId: "instance-a" }), { trigger: "cron" }),
      runRound(world.database.db, testRoundSettings({ instanceId: "instance-b" }), { trigger: "cron" }),
    ]);
    expect(reports.map((report) => report.status).sort()).toEqual(["completed", "skipped"]);
    expect(reports.find((report) => report.status === "skipped")).toEqual({
      status: "skipped",
      reason: "another Tidings instance is running a round",
    });
    expect(world.publisher.requestsTo("/slow.xml")).toHaveLength(1);
    // Released at the end: the next round may run.
    await makeAllDue(world.database.db);
    expect(
      (await runRound(world.database.db, testRoundSettings({ instanceId: "instance-b" }), { trigger: "cron" })).status,
    ).toBe("completed");
  });

  it("stops at its time budget and leaves the sources it did not reach due", async () => {
    const ids: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      world.publisher.setRoute(`/b${index}.xml`, delay(400, feed({ body: BODY })));
      ids.push(await addDueSource(world.database.db, world.publisher.url(`/b${index}.xml`)));
    }
    // The first fetch starts within the budget and outlasts it: nothing else may start. Read a
    // source at a time, the three never read are counted as left for the budget all the same.
    const report = await runRound(world.database.db, testRoundSettings({ budgetMs: 200, duePageSize: 1 }), {
      trigger: "cli",
    });
    expect(report.status === "completed" && report.tally).toMatchObject({
      sourcesDue: 4,
      sourcesAttempted: 1,
      budgetExhausted: true,
      leftForBudget: 3,
    });
    const due = await world.database.db.source.count({ where: { nextDueAt: { lte: new Date() } } });
    expect(due).toBe(3);
    const round = await world.database.db.round.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(round).toMatchObject({ sourcesDue: 4, sourcesAttempted: 1, okCount: 1, budgetExhausted: true });
    expect(round.finishedAt).not.toBeNull();
  });

  it("judges a round where most fetches fail at the network level as offline, and counts none of them toward a breaker", async () => {
    // Closed ports on loopback: every connection is refused at once, as when the network is down.
    for (let index = 0; index < 6; index += 1)
      await addDueSource(world.database.db, `http://127.0.0.1:${await freePort()}/feed.xml`);
    const report = await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    expect(report.status === "completed" && report.tally).toMatchObject({
      offline: true,
      sourcesAttempted: 5,
      errorCount: 5,
    });
    const sources = await world.database.db.source.findMany();
    expect(sources.map((source) => source.consecutiveErrors)).toEqual([0, 0, 0, 0, 0, 0]);
    expect((await world.database.db.round.findFirstOrThrow({ orderBy: { id: "desc" } })).offline).toBe(true);
  });
});

describe("which sources are due", () => {
  it("takes a source due a few seconds after the tick, but never one under a Retry-After", async () => {
    world.publisher.setRoute("/soon.xml", feed({ body: BODY }));
    world.publisher.setRoute("/held.xml", feed({ body: BODY }));
    const soon = await addDueSource(world.database.db, world.publisher.url("/soon.xml"));
    const held = await addDueSource(world.database.db, world.publisher.url("/held.xml"));
    const inTenSeconds = new Date(Date.now() + 10_000);
    await world.database.db.source.update({ where: { id: soon }, data: { nextDueAt: inTenSeconds } });
    await world.database.db.source.update({
      where: { id: held },
      data: { nextDueAt: inTenSeconds, retryAfterUntil: inTenSeconds },
    });
    await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    expect(world.publisher.requestsTo("/soon.xml")).toHaveLength(1);
    expect(world.publisher.requestsTo("/held.xml")).toHaveLength(0);
  });
});
