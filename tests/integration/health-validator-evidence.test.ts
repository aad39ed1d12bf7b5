// The one classification of fetches for the caching verdicts (lib/pipeline/store/fetch/caching-evidence.ts)
// over one source's latest fetches read from the real database. The publisher view's roll-ups,
// counted by the same rule as rounds store fetches, are checked in health-publishers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { forget } from "@/lib/base/remember";
import { disconnectDb } from "@/lib/db/client";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { listValidatorEvidence } from "@/lib/reads/health/list-validator-evidence";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
const T0 = Date.parse("2026-11-01T00:00:00Z");
type Row = {
  outcome?: string;
  conditional?: boolean;
  bodyUnchanged?: boolean;
  etag?: string | null;
  lastModified?: string | null;
};

async function sourceWith(name: string, rows: Row[]): Promise<number> {
  const id = await createSource(database.db, {
    userId: await readerId(database.db),
    feedUrl: `https://${name}.example/feed`,
    title: name,
    customTitle: null,
    folderName: null,
  });
  let minute = 0;
  for (const row of rows) {
    minute += 1;
    await database.db.fetch.create({
      data: {
        sourceId: id,
        startedAt: new Date(T0 + minute * 60_000),
        durationMs: 5,
        outcome: row.outcome ?? "ok",
        conditional: row.conditional ?? false,
        bodyUnchanged: row.bodyUnchanged ?? false,
        etagReceived: row.etag ?? null,
        lastModifiedReceived: row.lastModified ?? null,
      },
    });
  }
  return id;
}

const cond = (row: Row): Row => ({ conditional: true, ...row });
const LM = "Mon, 01 Jan 2024 10:00:00 GMT";
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  ids.model = await sourceWith("model", [
    { etag: '"a"' },
    cond({ outcome: "not_modified", etag: '"a"' }),
    cond({ outcome: "not_modified" }),
    cond({ etag: '"b"' }),
  ]);
  ids.churn = await sourceWith("churn", [
    { etag: '"v1"' },
    cond({ bodyUnchanged: true, etag: '"v2"' }),
    cond({ bodyUnchanged: true, etag: '"v3"' }),
  ]);
  ids.ignores = await sourceWith("ignores", [
    { etag: '"same"' },
    cond({ bodyUnchanged: true, etag: '"same"' }),
    cond({ bodyUnchanged: true, etag: '"same"' }),
  ]);
  ids.lastModifiedOnly = await sourceWith("lm", [
    { lastModified: LM },
    cond({ bodyUnchanged: true, lastModified: LM }),
  ]);
  // A 304 between two full responses does not hide the churn (full responses are compared with each other).
  ids.churnAcross304 = await sourceWith("churn304", [
    { etag: '"v1"' },
    cond({ outcome: "not_modified" }),
    cond({ bodyUnchanged: true, etag: '"v2"' }),
  ]);
  ids.errors = await sourceWith("errors", [
    { etag: '"a"' },
    cond({ outcome: "error" }),
    cond({ outcome: "error", bodyUnchanged: true }),
  ]);
  ids.window = await sourceWith("window", [
    { etag: '"a"' },
    cond({ bodyUnchanged: true, etag: '"a"' }),
    cond({ outcome: "not_modified" }),
    cond({ outcome: "not_modified" }),
  ]);
});
afterAll(async () => {
  await disconnectDb();
  await database.dispose();
});

const counts = (fullResponses: number, answered304: number, churned: number, resent: number, changed: number) => ({
  fullResponses,
  answered304,
  churned,
  resent,
  changed,
});

describe("validator evidence from the fetch log", () => {
  it.each<[string, ReturnType<typeof counts>]>([
    ["model", counts(2, 2, 0, 0, 1)],
    ["churn", counts(3, 0, 2, 0, 0)],
    ["ignores", counts(3, 0, 0, 2, 0)],
    ["lastModifiedOnly", counts(2, 0, 0, 1, 0)],
    ["churnAcross304", counts(2, 1, 1, 0, 0)],
    ["errors", counts(1, 0, 0, 0, 0)],
  ])("counts a source's latest fetches: %s", async (name, expected) => {
    expect((await listValidatorEvidence({ sourceId: ids[name]!, latest: 100 })).get(ids[name]!)).toEqual(expected);
  });

  it("reads only the latest answered fetches of a source", async () => {
    expect((await listValidatorEvidence({ sourceId: ids.window!, latest: 2 })).get(ids.window!)).toEqual(
      counts(0, 2, 0, 0, 0),
    );
    expect((await listValidatorEvidence({ sourceId: ids.window!, latest: 3 })).get(ids.window!)).toEqual(
      counts(1, 2, 0, 1, 0),
    );
  });
});
