// The page and icon request log is kept bounded like the feeds' (issue 27): rows older than
// RETENTION_DAYS go, in batches; younger ones stay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import { RETENTION_DAYS } from "@/lib/pipeline/store/fetch/prune-fetch-log";
import { prunePageFetches } from "@/lib/pipeline/store/pages/prune-page-fetches";

let database: FreshDatabase;
const NOW = new Date("2026-11-30T12:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await createFreshDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe("prunePageFetches", () => {
  it("deletes the rows older than the retention, batch by batch, and keeps the rest", async () => {
    const sourceId = await createSource(database.db, {
      feedUrl: "https://pages.example/feed",
      title: "Pages",
      customTitle: null,
      folderName: null,
    });
    const row = (daysAgo: number, kind: "page" | "icon") => ({
      sourceId,
      kind,
      url: `https://pages.example/${daysAgo}`,
      startedAt: new Date(NOW.getTime() - daysAgo * DAY_MS),
      durationMs: 10,
      outcome: "ok",
    });
    await database.db.pageFetch.createMany({
      data: [
        ...Array.from({ length: 7 }, (_, n) => row(RETENTION_DAYS + 1 + n, n % 2 === 0 ? "page" : "icon")),
        row(RETENTION_DAYS - 1, "page"),
        row(1, "icon"),
      ],
    });
    expect(await prunePageFetches(database.db, NOW, { batchSize: 3, pauseMs: 0 })).toBe(7);
    const left = await database.db.pageFetch.findMany({ orderBy: { startedAt: "asc" } });
    expect(left.map((kept) => kept.url)).toEqual([
      `https://pages.example/${RETENTION_DAYS - 1}`,
      "https://pages.example/1",
    ]);
    expect(await prunePageFetches(database.db, NOW, { batchSize: 3, pauseMs: 0 })).toBe(0);
  });
});
