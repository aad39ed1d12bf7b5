// The fleet page classifies and orders "Needs attention" in the database (get-fleet-states.ts). The
// same rows classified by the TypeScript form of the rule table and sorted by the page's order
// (most urgent, most errors in a row, longest without a success with never first, then id) must
// give the same counts and the same list, on both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { forget } from "@/lib/base/remember";
import { disconnectDb } from "@/lib/db/client";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { getFleetStates } from "@/lib/reads/health/get-fleet-states";
import {
  classifySourceHealth,
  HEALTH_STATE_URGENCY,
  SOURCE_HEALTH_STATES,
} from "@/lib/reads/health/rules/classify-source-health";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
const NOW = new Date("2026-12-01T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

/** name → the fields that decide its state and its place in the list. */
const SOURCES: Array<[string, Record<string, unknown>]> = [
  ["healthy", { lastOutcome: "ok", lastSuccessAt: ago(0), lastNewArticleAt: ago(1) }],
  ["new", {}],
  ["disabled", { enabled: false, disabledReason: "manual", lastOutcome: "ok" }],
  ["gone", { enabled: false, disabledReason: "gone", lastOutcome: "error", lastSuccessAt: ago(50) }],
  ["open-never", { breakerState: "open", consecutiveErrors: 9, lastOutcome: "error" }],
  ["open-old", { breakerState: "half_open", consecutiveErrors: 9, lastOutcome: "error", lastSuccessAt: ago(20) }],
  ["open-recent", { breakerState: "open", consecutiveErrors: 9, lastOutcome: "error", lastSuccessAt: ago(2) }],
  ["open-fewer", { breakerState: "open", consecutiveErrors: 5, lastOutcome: "error", lastSuccessAt: ago(40) }],
  ["backing-a", { consecutiveErrors: 2, lastOutcome: "error", lastSuccessAt: ago(3) }],
  ["backing-b", { consecutiveErrors: 2, lastOutcome: "error", lastSuccessAt: ago(3) }],
  ["held", { lastOutcome: "error", retryAfterUntil: new Date(NOW.getTime() + DAY), lastSuccessAt: ago(1) }],
  ["hold-over", { lastOutcome: "ok", retryAfterUntil: ago(1), lastSuccessAt: ago(1), lastNewArticleAt: ago(2) }],
  ["quiet", { lastOutcome: "not_modified", lastSuccessAt: ago(1), lastNewArticleAt: ago(45) }],
];

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  for (const [name, fields] of SOURCES) {
    const id = await createSource(database.db, {
      userId: await readerId(database.db),
      feedUrl: `https://${name}.example/feed`,
      title: name,
      customTitle: null,
      folderName: null,
    });
    // Added long ago, so that "quiet" counts from the last article, not from the day it was added.
    await database.db.source.update({ where: { id }, data: { createdAt: ago(100), ...fields } });
  }
});
afterAll(async () => {
  await disconnectDb();
  await database.dispose();
});

describe("the fleet's states, classified in the database", () => {
  it("count and order the sources needing attention as the TypeScript rule and order do", async () => {
    const rows = await database.db.source.findMany();
    const classified = rows.map((row) => ({ ...row, health: classifySourceHealth(row, NOW) }));
    const expectedCounts = Object.fromEntries(
      SOURCE_HEALTH_STATES.map((state) => [state, classified.filter((row) => row.health === state).length]),
    );
    const expectedOrder = classified
      .filter((row) => !["healthy", "disabled", "new"].includes(row.health))
      .sort(
        (a, b) =>
          HEALTH_STATE_URGENCY[a.health] - HEALTH_STATE_URGENCY[b.health] ||
          b.consecutiveErrors - a.consecutiveErrors ||
          (a.lastSuccessAt?.getTime() ?? 0) - (b.lastSuccessAt?.getTime() ?? 0) ||
          a.id - b.id,
      )
      .map((row) => [row.title, row.health]);

    const fleet = await getFleetStates(NOW, 100);
    expect(fleet.counts).toEqual(expectedCounts);
    expect(fleet.total).toBe(SOURCES.length);
    expect(fleet.attention.map((source) => [source.displayTitle, source.health])).toEqual(expectedOrder);
    expect(fleet.attentionTotal).toBe(expectedOrder.length);
    // The rows the table reads stay whole: dates as dates, numbers as numbers.
    const open = fleet.attention.find((source) => source.displayTitle === "open-recent")!;
    expect([open.lastSuccessAt, open.consecutiveErrors, open.nextDueAt instanceof Date]).toEqual([ago(2), 9, true]);

    const firstThree = await getFleetStates(NOW, 3);
    expect(firstThree.attention.map((source) => source.displayTitle)).toEqual(
      expectedOrder.slice(0, 3).map(([title]) => title),
    );
    expect(firstThree.attentionTotal).toBe(expectedOrder.length);
  });
});
