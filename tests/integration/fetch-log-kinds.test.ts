// Every request Tidings makes for a source is a row of its fetch log (issue 27): a full-text
// source's round makes a feed request, page requests and an icon request, the log lists them with
// their kinds, the costs count them all, and the feed's own state (health, streaks, outcome
// windows, caching badges) reads the feed's requests only, whatever the pages answered. /metrics
// counts every kind's requests and bytes for good: pruning the log or removing the source lowers nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { feed, startPublisher, status, type Publisher } from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { addFullTextSite, htmlPage, readPageFixture } from "@/tests/helpers/article-site";
import { icoOf, solidPng } from "@/tests/helpers/images";
import { forget } from "@/lib/base/remember";
import { disconnectDb } from "@/lib/db/client";
import { runRound } from "@/lib/pipeline/round/run-round";
import { listFetchLog } from "@/lib/reads/health/list-fetch-log";
import { listRecentFetches } from "@/lib/reads/health/list-recent-fetches";
import { getOutcomeWindows } from "@/lib/reads/health/get-outcome-windows";
import { listPublishers } from "@/lib/reads/health/list-publishers";
import { listValidatorEvidence } from "@/lib/reads/health/list-validator-evidence";
import { listPageCosts } from "@/lib/reads/health/list-page-costs";
import { renderMetrics } from "@/lib/reads/health/render-metrics";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";
import { readExposition, sampleValue } from "@/tests/helpers/read-exposition";
import { listRecentOutcomes } from "@/lib/reads/sources/list-recent-outcomes";
import { classifySourceHealth } from "@/lib/reads/health/rules/classify-source-health";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let publisher: Publisher;
let sourceId = 0;
const ROUNDS = 2;

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  publisher = await startPublisher();
  // The feed answers 200 every time (with an ETag: its 304s are the caching evidence); one page
  // answers 500, the other its article; the site has an icon at /favicon.ico.
  sourceId = await addFullTextSite(database.db, publisher, {
    "/news/broken": status(500),
    "/news/bridges": htmlPage(readPageFixture("news-article")),
  });
  publisher.setRoute(
    "/favicon.ico",
    feed({ body: icoOf(solidPng(16, [200, 40, 40]), 16), contentType: "image/x-icon" }),
  );
  for (let round = 0; round < ROUNDS; round++) {
    await makeAllDue(database.db);
    const report = await runRound(database.db, testRoundSettings({ icons: true }), { trigger: "cli" });
    expect(report.status).toBe("completed");
  }
});
afterAll(async () => {
  await publisher?.close();
  await disconnectDb();
  await database?.dispose();
});

describe("the fetch log holds every kind of request", () => {
  it("lists the feed's, the pages' and the icon's requests with their kinds", async () => {
    const { rows } = await listFetchLog(sourceId, {});
    const kinds = rows.map((row) => `${row.kind} ${row.url ?? "-"} ${row.httpStatus}`).sort();
    // Two feed requests; each page once (the 500 is tried again only an hour later); the icon looked
    // for once: the home page (no <link rel="icon">, a 404 here), then /favicon.ico.
    expect(kinds).toEqual(
      [
        "feed - 200",
        "feed - 200",
        `icon ${publisher.url("/")} 404`,
        `icon ${publisher.url("/favicon.ico")} 200`,
        `page ${publisher.url("/news/bridges")} 200`,
        `page ${publisher.url("/news/broken")} 500`,
      ].sort(),
    );
    const broken = rows.find((row) => row.url === publisher.url("/news/broken"));
    expect(broken).toMatchObject({ kind: "page", outcome: "error", errorKind: "http_5xx" });
    expect(broken!.articleId).not.toBeNull();
  });

  it("keeps the feed's health, streaks, windows and badges its own when a page fails", async () => {
    const source = await database.db.source.findUniqueOrThrow({ where: { id: sourceId } });
    expect(classifySourceHealth(source, new Date())).toBe("healthy");
    expect(source).toMatchObject({ lastOutcome: "ok", lastErrorKind: null, consecutiveErrors: 0, failingSince: null });

    const windows = await getOutcomeWindows(sourceId, new Date());
    expect(windows.h24).toMatchObject({ ok: ROUNDS, notModified: 0, error: 0 });
    expect((await listRecentOutcomes(5, [sourceId])).get(sourceId)).toBe("o".repeat(ROUNDS));

    const recent = await listRecentFetches(sourceId, 10);
    expect(recent.map((row) => row.kind)).toEqual(["feed", "feed"]);
    const evidence = (await listValidatorEvidence({ sourceId, latest: 10 })).get(sourceId);
    // The caching badges' evidence: the feed's two full responses (no validators offered, none
    // sent); the page's and the icon's 200s are other resources' and none of it.
    expect(evidence).toEqual({ fullResponses: ROUNDS, answered304: 0, churned: 0, resent: 0, changed: 0 });
    const daily = await database.db.fetchDaily.findMany({ where: { sourceId } });
    expect(daily.reduce((sum, day) => sum + day.ok + day.notModified + day.error, 0)).toBe(ROUNDS);
    expect(daily.reduce((sum, day) => sum + day.error, 0)).toBe(0);
  });

  it("counts the page and icon requests in the source's and the publisher's costs", async () => {
    const since = new Date(Date.now() - 24 * 3600_000);
    const [cost] = await listPageCosts({ since, sourceIds: [sourceId] });
    expect(cost).toMatchObject({ sourceId, requests: 4, errors: 2 });
    expect(cost!.bytes).toBeGreaterThan(1000);

    const [summary] = (await listPublishers(new Date())).filter((row) =>
      row.sources.some((source) => source.id === sourceId),
    );
    expect(summary).toMatchObject({ requests: ROUNDS + 4, pageRequests: 4 });

    const families = readExposition(await renderMetrics(database.db));
    expect(requestCounters(families)).toEqual([ROUNDS, 2, 2]);
    // The feeds' counter stays the feeds' (from their roll-ups).
    expect(sampleValue(families, "tidings_fetches_total", { outcome: "ok" })).toBe(ROUNDS);
  });

  it("serves requests and bytes by kind as counters that neither pruning nor removing the source lowers", async () => {
    const before = readExposition(await renderMetrics(database.db));
    const bytes = byteCounters(before);
    const pageBytes = await database.db.fetch.aggregate({ where: { kind: "page" }, _sum: { bytesReceived: true } });
    expect(bytes[1]).toBe(pageBytes._sum.bytesReceived);
    expect(bytes.every((value) => value! > 0)).toBe(true);

    // What pruning does to page and icon rows (the real prune keeps a source's newest 200 rows).
    await database.db.fetch.deleteMany({ where: { sourceId, kind: { in: ["page", "icon"] } } });
    const pruned = readExposition(await renderMetrics(database.db));
    expect([requestCounters(pruned), byteCounters(pruned)]).toEqual([[ROUNDS, 2, 2], bytes]);

    expect(await removeSource(database.db, { userId: await readerId(database.db), sourceId: sourceId })).not.toBeNull();
    const removed = readExposition(await renderMetrics(database.db));
    expect([requestCounters(removed), byteCounters(removed)]).toEqual([[ROUNDS, 2, 2], bytes]);
  });
});

const KINDS = ["feed", "page", "icon"] as const;
const requestCounters = (families: ReturnType<typeof readExposition>) =>
  KINDS.map((kind) => sampleValue(families, "tidings_requests_total", { kind }));
const byteCounters = (families: ReturnType<typeof readExposition>) =>
  KINDS.map((kind) => sampleValue(families, "tidings_request_bytes_total", { kind }));
