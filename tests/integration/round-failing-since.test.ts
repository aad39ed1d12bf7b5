import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, rateLimited, rssFeed, sequence, status } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { freePort } from "@/tests/helpers/app-server";
import { runRound } from "@/lib/pipeline/round/run-round";
import { setSourceEnabled } from "@/lib/pipeline/store/sources/set-source-enabled";

const world = setUpRoundWorld();
const BODY = rssFeed({
  items: [
    { guid: "urn:f:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});

async function nextRound(): Promise<void> {
  // A 429 holds the whole host (HostState): lift it, as time passing would.
  await world.database.db.hostState.deleteMany();
  await makeAllDue(world.database.db);
  await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
}

async function failingSinceOf(sourceId: number): Promise<Date | null> {
  return (await world.database.db.source.findUniqueOrThrow({ where: { id: sourceId } })).failingSince;
}

async function fetchesOf(sourceId: number) {
  return world.database.db.fetch.findMany({ where: { sourceId }, orderBy: { id: "asc" } });
}

describe("failing since, written with each fetch", () => {
  it("starts at the first failed fetch of a run, holds through more errors and a 429, and clears on success", async () => {
    world.publisher.setRoute(
      "/f.xml",
      sequence(feed({ body: BODY }), status(503), status(500), rateLimited(60), feed({ body: BODY })),
    );
    const id = await addDueSource(world.database.db, world.publisher.url("/f.xml"));

    await nextRound();
    expect(await failingSinceOf(id)).toBeNull();
    await nextRound();
    const firstFailure = (await fetchesOf(id))[1]!;
    expect([firstFailure.outcome, firstFailure.httpStatus]).toEqual(["error", 503]);
    expect(await failingSinceOf(id)).toEqual(firstFailure.startedAt);
    await nextRound();
    expect(await failingSinceOf(id)).toEqual(firstFailure.startedAt);
    await nextRound();
    expect((await fetchesOf(id))[3]!.errorKind).toBe("rate_limited");
    expect(await failingSinceOf(id)).toEqual(firstFailure.startedAt);
    await nextRound();
    expect((await fetchesOf(id)).map((row) => row.outcome)).toEqual(["ok", "error", "error", "error", "ok"]);
    expect(await failingSinceOf(id)).toBeNull();
  });

  it("does not start with a 429 on a healthy source", async () => {
    world.publisher.setRoute("/limited.xml", rateLimited(60));
    const id = await addDueSource(world.database.db, world.publisher.url("/limited.xml"));
    await nextRound();
    expect((await fetchesOf(id)).map((row) => row.errorKind)).toEqual(["rate_limited"]);
    expect(await failingSinceOf(id)).toBeNull();
  });

  it("gives the errors of a round judged offline back: a run they started is forgiven, an older one stays", async () => {
    const earlier = new Date(Date.now() - 3 * 24 * 3600_000);
    const ids: number[] = [];
    // Closed ports on loopback: every connection is refused at once, as when the network is down.
    for (let index = 0; index < 6; index += 1)
      ids.push(await addDueSource(world.database.db, `http://127.0.0.1:${await freePort()}/feed.xml`));
    await world.database.db.source.update({
      where: { id: ids[0]! },
      data: { consecutiveErrors: 2, failingSince: earlier },
    });
    const report = await runRound(world.database.db, testRoundSettings(), { trigger: "cli" });
    expect(report.status === "completed" && report.tally).toMatchObject({ offline: true, errorCount: 5 });
    const sources = await world.database.db.source.findMany({ orderBy: { id: "asc" } });
    expect(sources.map((source) => [source.consecutiveErrors, source.failingSince])).toEqual([
      [2, earlier],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
    ]);
  });

  it("ends the run when the person re-enables the source (a clean slate, as for the breaker)", async () => {
    world.publisher.setRoute("/down.xml", status(500));
    const id = await addDueSource(world.database.db, world.publisher.url("/down.xml"));
    await nextRound();
    expect(await failingSinceOf(id)).not.toBeNull();
    await setSourceEnabled(world.database.db, { sourceId: id, enabled: false, now: new Date() });
    expect(await failingSinceOf(id)).not.toBeNull();
    await setSourceEnabled(world.database.db, { sourceId: id, enabled: true, now: new Date() });
    expect(await failingSinceOf(id)).toBeNull();
  });
});
