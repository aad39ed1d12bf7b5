// The publisher view's figures against four local publishers whose behaviour is known, each on
// its own loopback address (its own politeness key): one honouring validators, one ignoring them,
// one rate-limiting, one failing, one sending a new ETag with the same feed every time (churn). Real rounds write the log and roll-ups; the view reads them
// through the process-wide client, as the pages do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import {
  churningEtag,
  feed,
  rateLimited,
  rssFeed,
  startPublisher,
  status,
  type Publisher,
} from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { forget } from "@/lib/base/remember";
import { systemClock, type Clock } from "@/lib/base/clock";
import { disconnectDb } from "@/lib/db/client";
import { runRound } from "@/lib/pipeline/round/run-round";
import { listPublishers } from "@/lib/reads/health/list-publishers";
import { listValidatorEvidence } from "@/lib/reads/health/list-validator-evidence";
import { listDailyOutcomes } from "@/lib/reads/health/list-daily-outcomes";
import { NO_EVIDENCE } from "@/lib/pipeline/store/fetch/caching-evidence";
import type { PublisherSummary } from "@/lib/reads/health/rules/summarise-publishers";

const ROUNDS = 4;
const BODY = rssFeed({
  items: [
    { guid: "urn:pub:1", title: "Post", link: "https://publisher.example/1", pubDate: "Mon, 01 Jan 2024 10:00:00 GMT" },
  ],
});

let database: FreshDatabase;
const publishers: Record<"honours" | "ignores" | "limits" | "fails" | "churns", Publisher> = {} as never;
const ids: Record<string, number> = {};
let byKey: Map<string, PublisherSummary>;

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  publishers.honours = await startPublisher({ "/feed.xml": feed({ body: BODY, etag: '"v1"' }) }, { host: "127.0.0.1" });
  publishers.ignores = await startPublisher(
    { "/feed.xml": feed({ body: BODY, etag: '"v1"', honourValidators: false }) },
    { host: "127.0.0.2" },
  );
  publishers.limits = await startPublisher({ "/feed.xml": rateLimited(3600) }, { host: "127.0.0.3" });
  publishers.fails = await startPublisher({ "/feed.xml": status(500) }, { host: "127.0.0.4" });
  publishers.churns = await startPublisher(
    { "/feed.xml": feed({ body: BODY, etag: churningEtag() }) },
    { host: "127.0.0.5" },
  );
  for (const [name, publisher] of Object.entries(publishers))
    ids[name] = await addDueSource(database.db, publisher.url("/feed.xml"), name);
  await database.db.robotsTxt.create({
    data: {
      origin: publishers.fails.origin,
      body: "User-agent: *\nDisallow: /private\n",
      httpStatus: 200,
      fetchedAt: new Date(),
      nextFetchAt: new Date(Date.now() + 86_400_000),
    },
  });
  // The held host stays held (its hold outlasts the budget): it is asked once, the others every round.
  for (let round = 0; round < ROUNDS; round++) {
    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings({ budgetMs: 20_000 }), { trigger: "cli" });
  }
  byKey = new Map((await listPublishers(new Date())).map((publisher) => [publisher.key, publisher]));
});
afterAll(async () => {
  for (const publisher of Object.values(publishers)) await publisher?.close();
  await disconnectDb();
  await database?.dispose();
});

async function bytesInLog(sourceId: number): Promise<number> {
  const rows = await database.db.fetch.findMany({ where: { sourceId }, select: { bytesReceived: true } });
  return rows.reduce((total, row) => total + row.bytesReceived, 0);
}

describe("the publisher view", () => {
  it("lists one publisher per politeness key, costliest first", () => {
    expect([...byKey.keys()].sort()).toEqual(["127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]);
    expect(byKey.get("127.0.0.3")!.requests).toBe(1);
    for (const publisher of byKey.values()) expect(publisher.sources.map((source) => source.id)).toHaveLength(1);
  });

  it("a publisher honouring validators: three 304s after the first full response, a verdict", async () => {
    const honours = byKey.get("127.0.0.1")!;
    expect(publishers.honours.requestsTo("/feed.xml")).toHaveLength(ROUNDS);
    expect([honours.requests, honours.ok, honours.notModified, honours.errors]).toEqual([4, 1, 3, 0]);
    expect(honours.notModifiedShare).toBe(0.75);
    expect(honours.bytesReceived).toBe(await bytesInLog(ids.honours!));
    expect(honours.bytesSaved).toBe(3 * honours.bytesReceived);
    expect(honours.honours).toMatchObject({ verdict: "good", label: "Honours validators (304 to 3 of 3)" });
    expect([honours.failingSince, honours.holds, honours.robots]).toEqual([null, [], []]);
  });

  it("a publisher ignoring validators: the same feed resent to every conditional request", async () => {
    const ignores = byKey.get("127.0.0.2")!;
    expect([ignores.requests, ignores.ok, ignores.notModified, ignores.notModifiedShare]).toEqual([4, 4, 0, 0]);
    expect(ignores.bytesReceived).toBe(await bytesInLog(ids.ignores!));
    expect(ignores.bytesReceived).toBe(4 * Buffer.byteLength(BODY));
    expect(ignores.honours).toMatchObject({ verdict: "bad", label: "Ignores validators (3 of 3 resent)" });
  });

  it("a rate-limiting publisher: its Retry-After hold, one request, and no failure", () => {
    const limits = byKey.get("127.0.0.3")!;
    expect(publishers.limits.requestsTo("/feed.xml")).toHaveLength(1);
    expect([limits.requests, limits.errors, limits.failingSince]).toEqual([1, 1, null]);
    expect(limits.holds.map((hold) => hold.host)).toEqual(["127.0.0.3"]);
    expect(limits.holds[0]!.until.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(limits.honours.verdict).toBe("unknown");
  });

  it("a failing publisher: failing since its first failed fetch, every request an error, its robots.txt", async () => {
    const fails = byKey.get("127.0.0.4")!;
    const first = await database.db.fetch.findFirstOrThrow({ where: { sourceId: ids.fails }, orderBy: { id: "asc" } });
    expect([fails.requests, fails.errors, fails.notModifiedShare]).toEqual([4, 4, 0]);
    expect([fails.failingSince, fails.failingSources]).toEqual([first.startedAt, 1]);
    expect(fails.sources[0]).toMatchObject({ health: "backing_off", failingSince: first.startedAt });
    expect(fails.robots).toEqual([{ origin: publishers.fails.origin, words: "read (1 rules)" }]);
  });

  it("a publisher churning ETags: the same feed under a new ETag is churn, not ignoring", () => {
    const churns = byKey.get("127.0.0.5")!;
    expect([churns.requests, churns.ok, churns.notModified]).toEqual([4, 4, 0]);
    expect(churns.honours.verdict).toBe("unknown");
  });

  it("the roll-ups, counted as each fetch was stored, agree with the rule over the fetch log", async () => {
    const rolledUp = await database.db.fetchDaily.groupBy({
      by: ["sourceId"],
      _sum: { ok: true, answered304: true, churned: true, resent: true, changed: true },
    });
    const counted = rolledUp.map((row) => ({
      sourceId: row.sourceId,
      evidence: {
        fullResponses: row._sum.ok,
        answered304: row._sum.answered304,
        churned: row._sum.churned,
        resent: row._sum.resent,
        changed: row._sum.changed,
      },
    }));
    const fromLog = await Promise.all(
      counted.map(async ({ sourceId }) => ({
        sourceId,
        evidence: (await listValidatorEvidence({ sourceId, latest: 100 })).get(sourceId) ?? NO_EVIDENCE,
      })),
    );
    expect(counted).toEqual(fromLog);
    const churns = counted.find((row) => row.sourceId === ids.churns)!;
    expect(churns.evidence).toEqual({ fullResponses: 4, answered304: 0, churned: 3, resent: 0, changed: 0 });
  });

  it("reads one publisher by its key, and none for a key no source has", async () => {
    expect(
      (await listPublishers(new Date(), "127.0.0.4")).map((publisher) => [publisher.key, publisher.requests]),
    ).toEqual([["127.0.0.4", 4]]);
    expect(await listPublishers(new Date(), "nobody.example")).toEqual([]);
  });

  // Last: it adds a round on yesterday's clock.
  it("a fetch stored on a settled day reaches the publisher table, and the fleet's days stay the sources' sums", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const requestsOf = async (key: string) =>
      (await listPublishers(new Date())).find((publisher) => publisher.key === key)!.requests;
    // Read once: the settled days' sums are kept from here.
    expect(await requestsOf("127.0.0.1")).toBe(ROUNDS);
    const yesterday: Clock = { ...systemClock, now: () => new Date(Date.now() - DAY) };
    await database.db.source.update({
      where: { id: ids.honours! },
      data: { nextDueAt: new Date(Date.now() - 2 * DAY), lastFetchedAt: new Date(Date.now() - 2 * DAY) },
    });
    await runRound(database.db, testRoundSettings({ budgetMs: 20_000, clock: yesterday }), { trigger: "cli" });
    expect(await requestsOf("127.0.0.1")).toBe(ROUNDS + 1);

    const summed = await database.db.fetchDaily.groupBy({
      by: ["day"],
      orderBy: { day: "asc" },
      _sum: { ok: true, notModified: true, error: true, bytesReceived: true, bytesSaved: true, newArticles: true },
    });
    const fleet = await database.db.fetchFleetDaily.findMany({ orderBy: { day: "asc" } });
    const today = new Date().toISOString().slice(0, 10);
    expect(fleet.map((row) => row.day)).toEqual([new Date(Date.now() - DAY).toISOString().slice(0, 10), today]);
    expect(
      fleet.map((row) => [
        row.day,
        row.ok,
        row.notModified,
        row.error,
        Number(row.bytesReceived),
        Number(row.bytesSaved),
        row.newArticles,
      ]),
    ).toEqual(
      summed.map((row) => [
        row.day,
        row._sum.ok,
        row._sum.notModified,
        row._sum.error,
        row._sum.bytesReceived,
        row._sum.bytesSaved,
        row._sum.newArticles,
      ]),
    );
    // The chart's fleet days are those rows; a source's days are still its own.
    const chart = await listDailyOutcomes(null, new Date(), 30);
    expect(chart.slice(-2).map((day) => day.ok + day.notModified + day.error)).toEqual(
      summed.map((row) => row._sum.ok! + row._sum.notModified! + row._sum.error!),
    );
    const own = await listDailyOutcomes(ids.honours!, new Date(), 30);
    expect(own.slice(-2).map((day) => day.ok + day.notModified + day.error)).toEqual([1, ROUNDS]);
    // And today's part is read again after a fetch today.
    await makeAllDue(database.db);
    await runRound(database.db, testRoundSettings({ budgetMs: 20_000 }), { trigger: "cli" });
    expect(await requestsOf("127.0.0.1")).toBe(ROUNDS + 2);
  });
});
