// A domain's turn across processes (issue 26): the server's round and a `tidings add` beside it,
// or two command-line rounds back to back, each have lanes of their own; the claim in the
// database keeps them to one request per domain and its gap. Two "processes" here are two sets of
// lanes with two instance ids on one real database, against a real local publisher.
import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { delay, feed, rssFeed, type RecordedRequest } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { createLaneQueue } from "@/lib/pipeline/lanes/request-lane";
import { onLanes, type RoundSettings } from "@/lib/pipeline/round/round-settings";
import { systemClock } from "@/lib/base/clock";
import { DOMAIN_TURN_PREFIX } from "@/lib/pipeline/lanes/shared-domain-turn";
import { runCli } from "@/tests/helpers/run-cli";
import { readerId } from "@/tests/helpers/reader-user";

const world = setUpRoundWorld();
const GAP = 300;
const BODY = rssFeed({
  items: [
    { guid: "urn:s:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});

function processSettings(instanceId: string, lanes = 2): RoundSettings {
  return onLanes(testRoundSettings({ hostGapMs: GAP, instanceId }), createLaneQueue(systemClock, lanes));
}

function gapsBetween(requests: RecordedRequest[]): number[] {
  const sorted = [...requests].sort((a, b) => a.arrivedAt - b.arrivedAt);
  return sorted.slice(1).map((request, index) => request.arrivedAt - sorted[index]!.finishedAt!);
}

describe("a domain's turn across processes", () => {
  it("keeps a round in one process and subscriptions in another to one request in flight on the host, gap held", async () => {
    for (let index = 0; index < 3; index += 1) {
      world.publisher.setRoute(`/r${index}.xml`, delay(60, feed({ body: BODY })));
      await addDueSource(world.database.db, world.publisher.url(`/r${index}.xml`));
    }
    for (const name of ["s0", "s1"]) world.publisher.setRoute(`/${name}.xml`, delay(60, feed({ body: BODY })));
    const server = processSettings("server");
    const cli = processSettings("cli");
    const [round, ...added] = await Promise.all([
      runRound(world.database.db, server, { trigger: "cron" }),
      subscribe(world.database.db, cli, {
        userId: await readerId(world.database.db),
        url: world.publisher.url("/s0.xml"),
      }),
      subscribe(world.database.db, cli, {
        userId: await readerId(world.database.db),
        url: world.publisher.url("/s1.xml"),
      }),
    ]);
    expect(round.status === "completed" && round.tally.okCount).toBe(3);
    expect(added.map((result) => result.status)).toEqual(["subscribed", "subscribed"]);
    expect(world.publisher.requests).toHaveLength(5);
    expect(world.publisher.maxConcurrency()).toBe(1);
    for (const gap of gapsBetween(world.publisher.requests)) expect(gap).toBeGreaterThanOrEqual(GAP - 15);
  });

  it("makes the second of two rounds run back to back from two processes wait out the first one's gap", async () => {
    world.publisher.setRoute("/back.xml", feed({ body: BODY }));
    await addDueSource(world.database.db, world.publisher.url("/back.xml"));
    await runRound(world.database.db, processSettings("first-cli"), { trigger: "cli" });
    await makeAllDue(world.database.db);
    await runRound(world.database.db, processSettings("second-cli"), { trigger: "cli" });
    expect(world.publisher.requests).toHaveLength(2);
    expect(gapsBetween(world.publisher.requests)[0]).toBeGreaterThanOrEqual(GAP - 15);
    // The claim is a row while it matters: given back, taken for the gap only.
    const claim = await world.database.db.lease.findUniqueOrThrow({
      where: { name: `${DOMAIN_TURN_PREFIX}127.0.0.1` },
    });
    expect(claim.holder).toBe("second-cli");
    expect(claim.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + GAP);
  });

  it("waits while another live process holds the domain, and asks once its claim has expired", async () => {
    world.publisher.setRoute("/held.xml", feed({ body: BODY }));
    const id = await addDueSource(world.database.db, world.publisher.url("/held.xml"));
    const expiresAt = new Date(Date.now() + 700);
    // Another instance (on another machine, so never judged gone) is mid-request on this domain.
    await world.database.db.lease.create({
      data: { name: `${DOMAIN_TURN_PREFIX}127.0.0.1`, holder: "elsewhere", acquiredAt: new Date(), expiresAt },
    });
    const report = await runRound(world.database.db, processSettings("here"), { trigger: "cli" });
    expect(report.status === "completed" && report.tally.okCount).toBe(1);
    const [request] = world.publisher.requests;
    expect(performance.timeOrigin + request!.arrivedAt).toBeGreaterThanOrEqual(expiresAt.getTime());
    const [row] = await world.database.db.fetch.findMany({ where: { sourceId: id } });
    expect(row!.laneWaitMs).toBeGreaterThanOrEqual(500);
  });

  it("keeps the gap between two `tidings round` processes run back to back (real processes)", async () => {
    // A gap longer than a command's start-up, so that only the claim in the database can explain the wait.
    const LONG_GAP = 8000;
    world.publisher.setRoute("/cli.xml", feed({ body: BODY }));
    await addDueSource(world.database.db, world.publisher.url("/cli.xml"));
    const env = {
      DATABASE_URL: world.database.url,
      TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
      TIDINGS_ROBOTS: "off",
      TIDINGS_HOST_GAP_MS: String(LONG_GAP),
    };
    expect((await runCli(["round"], env)).code).toBe(0);
    await makeAllDue(world.database.db);
    const second = await runCli(["round"], env);
    expect(second.code, second.stderr).toBe(0);
    expect(world.publisher.requests).toHaveLength(2);
    expect(gapsBetween(world.publisher.requests)[0]).toBeGreaterThanOrEqual(LONG_GAP - 15);
  }, 60_000);
});
