// Several instances sharing rounds on PostgreSQL (issue 26, TIDINGS_SHARED_ROUNDS): two
// instances (two sets of lanes, two instance ids, one real database) walk one round's due sources
// at once, each on the registrable domains it claimed, against real local publishers on four
// loopback hosts. On SQLite the lease keeps one round at a time (round-politeness.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { testingPostgres } from "@/tests/helpers/fresh-database";
import { delay, feed, rssFeed, startPublisher, type Publisher, type RecordedRequest } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound, type RoundReport } from "@/lib/pipeline/round/run-round";
import { createLaneQueue } from "@/lib/pipeline/lanes/request-lane";
import { onLanes, type RoundSettings } from "@/lib/pipeline/round/round-settings";
import { systemClock } from "@/lib/base/clock";
import { ROUND_DOMAIN_LEASE_PREFIX } from "@/lib/pipeline/store/fetch/lease";

const world = setUpRoundWorld();
const HOSTS = ["127.10.0.11", "127.10.0.12", "127.10.0.13", "127.10.0.14"];
const GAP = 250;
let publishers: Publisher[] = [];
beforeAll(async () => {
  publishers = await Promise.all(HOSTS.map((host) => startPublisher({}, { host })));
});
afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.close()));
});

const BODY = rssFeed({
  items: [
    { guid: "urn:i:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});

/** An instance sharing rounds, reading the due list two sources at a time (several pages per round). */
function instance(instanceId: string): RoundSettings {
  return onLanes(
    testRoundSettings({ hostGapMs: GAP, instanceId, sharedRounds: true, duePageSize: 2 }),
    createLaneQueue(systemClock, 2),
  );
}

function attempted(report: RoundReport): number {
  return report.status === "completed" ? report.tally.sourcesAttempted : 0;
}

function leastGap(requests: RecordedRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.arrivedAt - b.arrivedAt);
  return Math.min(...sorted.slice(1).map((request, index) => request.arrivedAt - sorted[index]!.finishedAt!));
}

describe.skipIf(!testingPostgres())("rounds shared by instances on PostgreSQL", () => {
  it("splits one round between two instances, page by page: every source fetched once, one request per host, gaps kept", async () => {
    for (const publisher of publishers) {
      publisher.clearRequests();
      for (let index = 0; index < 3; index += 1) {
        publisher.setRoute(`/f${index}.xml`, delay(60, feed({ body: BODY })));
        await addDueSource(world.database.db, publisher.url(`/f${index}.xml`));
      }
    }
    // All due at one instant: the pages are ordered by id within it.
    await makeAllDue(world.database.db);
    const reports = await Promise.all([
      runRound(world.database.db, instance("instance-a"), { trigger: "cron" }),
      runRound(world.database.db, instance("instance-b"), { trigger: "cron" }),
    ]);
    expect(reports.map((report) => report.status)).toEqual(["completed", "completed"]);
    // Both worked, and together they fetched each of the 12 sources exactly once.
    expect(reports.map(attempted).every((count) => count > 0)).toBe(true);
    expect(reports.map(attempted).reduce((a, b) => a + b)).toBe(12);
    for (const publisher of publishers) {
      for (let index = 0; index < 3; index += 1) expect(publisher.requestsTo(`/f${index}.xml`)).toHaveLength(1);
      expect(publisher.maxConcurrency(), publisher.origin).toBe(1);
      expect(leastGap(publisher.requests), publisher.origin).toBeGreaterThanOrEqual(GAP - 15);
    }
    // Neither round is taken for an interrupted one, and every claim was given back.
    const rounds = await world.database.db.round.findMany({ orderBy: { id: "asc" } });
    expect(rounds.map((round) => [round.interrupted, round.finishedAt !== null])).toEqual([
      [false, true],
      [false, true],
    ]);
    const claims = await world.database.db.lease.findMany({
      where: { name: { startsWith: ROUND_DOMAIN_LEASE_PREFIX } },
    });
    expect(claims.every((claim) => claim.expiresAt.getTime() === 0)).toBe(true);
  });

  it("leaves a crashed instance's domains alone until its claim expires, then takes them over", async () => {
    const [taken, free] = publishers;
    for (const publisher of [taken!, free!]) {
      publisher.clearRequests();
      publisher.setRoute("/c.xml", feed({ body: BODY }));
      await addDueSource(world.database.db, publisher.url("/c.xml"));
    }
    // An instance elsewhere claimed 127.10.0.11 for its round and died.
    await world.database.db.lease.create({
      data: {
        name: `${ROUND_DOMAIN_LEASE_PREFIX}127.10.0.11`,
        holder: "crashed",
        acquiredAt: new Date(),
        expiresAt: new Date(Date.now() + 800),
      },
    });
    await world.database.db.lease.create({
      data: { name: "round", holder: "crashed", acquiredAt: new Date(), expiresAt: new Date(Date.now() + 800) },
    });
    const during = await runRound(world.database.db, instance("survivor"), { trigger: "cron" });
    expect(attempted(during)).toBe(1);
    expect(taken!.requests).toHaveLength(0);
    expect(free!.requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await makeAllDue(world.database.db);
    const after = await runRound(world.database.db, instance("survivor"), { trigger: "cron" });
    expect(attempted(after)).toBe(2);
    expect(taken!.requests).toHaveLength(1);
  });
});
