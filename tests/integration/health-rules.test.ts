// The one health rule table, fed the same Source rows through every caller: the TypeScript
// classifier, its SQL form in the sidebar's query, the fleet page's counts and attention list and
// the sources page. Each row names the case where the sidebar and the classifier used to disagree.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { forget } from "@/lib/base/remember";
import { disconnectDb } from "@/lib/db/client";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { classifySourceHealth, type SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { describeSourceHealth } from "@/lib/reads/articles/source-health";
import { getSidebar } from "@/lib/reads/articles/get-sidebar";
import { getFleetStates } from "@/lib/reads/health/get-fleet-states";
import { listPublishers } from "@/lib/reads/health/list-publishers";
import { listSourcesPage } from "@/lib/reads/sources/list-sources";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
const NOW = new Date();
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const FETCHED = { lastOutcome: "ok", lastFetchedAt: ago(DAY / 24), lastNewArticleAt: ago(DAY) };

const CASES: Array<[string, Partial<SourceRow>, SourceHealthState]> = [
  ["fetching with news", FETCHED, "healthy"],
  ["never fetched", { lastOutcome: null, lastNewArticleAt: null }, "new"],
  ["nothing new for 40 days", { ...FETCHED, lastOutcome: "not_modified", lastNewArticleAt: ago(40 * DAY) }, "quiet"],
  ["an empty feed added 10 days ago", { ...FETCHED, lastNewArticleAt: null, createdAt: ago(10 * DAY) }, "healthy"],
  ["an empty feed added 40 days ago", { ...FETCHED, lastNewArticleAt: null, createdAt: ago(40 * DAY) }, "quiet"],
  ["two counted errors", { ...FETCHED, lastOutcome: "error", consecutiveErrors: 2 }, "backing_off"],
  [
    "a Retry-After still running",
    { ...FETCHED, lastOutcome: "error", retryAfterUntil: new Date(NOW.getTime() + DAY) },
    "backing_off",
  ],
  ["a Retry-After that has ended", { ...FETCHED, lastOutcome: "error", retryAfterUntil: ago(60_000) }, "healthy"],
  [
    "an error left by an offline round (not counted)",
    { ...FETCHED, lastOutcome: "error", lastErrorKind: "connect", consecutiveErrors: 0 },
    "healthy",
  ],
  [
    "a half-open breaker",
    { ...FETCHED, lastOutcome: "error", breakerState: "half_open", consecutiveErrors: 5 },
    "breaker_open",
  ],
  ["an open breaker", { ...FETCHED, lastOutcome: "error", breakerState: "open", consecutiveErrors: 5 }, "breaker_open"],
  ["disabled by the person", { ...FETCHED, enabled: false, disabledReason: "user" }, "disabled"],
  [
    "disabled with its breaker open",
    { ...FETCHED, enabled: false, disabledReason: "user", breakerState: "open", consecutiveErrors: 5 },
    "disabled",
  ],
  [
    "gone (410)",
    { ...FETCHED, enabled: false, disabledReason: "gone", lastOutcome: "error", consecutiveErrors: 1 },
    "gone",
  ],
];
const ids = new Map<string, number>();

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  for (const [name, fields] of CASES) {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: `https://${ids.size}.example/feed`,
      title: name,
      customTitle: null,
      folderName: null,
    });
    await database.db.source.update({ where: { id }, data: fields });
    ids.set(name, id);
  }
});
afterAll(async () => {
  await disconnectDb();
  await database.dispose();
});

describe("one health rule table, every caller", () => {
  it("the classifier gives each row its state", async () => {
    const rows = await database.db.source.findMany();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(CASES.map(([name]) => [name, classifySourceHealth(byId.get(ids.get(name)!)!, NOW)])).toEqual(
      CASES.map(([name, , state]) => [name, state]),
    );
  });

  it("the sidebar's SQL form gives the same states, in the sidebar's words", async () => {
    const sidebar = await getSidebar(await readerId(database.db), NOW);
    const byId = new Map(sidebar.sources.map((source) => [source.id, source]));
    const rows = await database.db.source.findMany();
    const reasonOf = new Map(rows.map((row) => [row.id, row.nextCheckReason]));
    for (const [name, , state] of CASES) {
      const id = ids.get(name)!;
      const source = byId.get(id)!;
      expect([
        name,
        { health: source.health, ...(source.healthLabel ? { healthLabel: source.healthLabel } : {}) },
      ]).toEqual([name, describeSourceHealth(state, reasonOf.get(id)!)]);
    }
  });

  it("the fleet page counts them the same, and lists only the problems as needing attention", async () => {
    const fleet = await getFleetStates(NOW, 100);
    const expected: Record<string, number> = {
      healthy: 0,
      new: 0,
      quiet: 0,
      backing_off: 0,
      breaker_open: 0,
      disabled: 0,
      gone: 0,
    };
    for (const [, , state] of CASES) expected[state]! += 1;
    expect(fleet.counts).toEqual(expected);
    const attention = new Map(fleet.attention.map((source) => [source.id, source.health]));
    for (const [name, , state] of CASES) {
      const listed = ["gone", "breaker_open", "backing_off", "quiet"].includes(state);
      expect([name, attention.get(ids.get(name)!) ?? null]).toEqual([name, listed ? state : null]);
    }
  });

  it("the publisher table gives the same states", async () => {
    const publishers = await listPublishers(NOW);
    const listed = new Map(
      publishers.flatMap((publisher) => publisher.sources).map((source) => [source.id, source.health]),
    );
    expect(CASES.map(([name]) => [name, listed.get(ids.get(name)!)])).toEqual(
      CASES.map(([name, , state]) => [name, state]),
    );
  });

  it("the sources page gives the same states", async () => {
    const listed = new Map(
      (
        await listSourcesPage(await readerId(database.db), { sort: "title", state: null, q: "", page: 1 }, NOW)
      ).rows.map((source) => [source.id, source.health]),
    );
    expect(CASES.map(([name]) => [name, listed.get(ids.get(name)!)])).toEqual(
      CASES.map(([name, , state]) => [name, state]),
    );
  });
});
