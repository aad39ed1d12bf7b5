// The sources page's one read (listSourcesPage): classified, filtered, sorted and paged in the
// database. The same rows must give the answer the page gave when it read every source and sorted
// them in TypeScript: that read is kept below as the oracle, and every sort, state and search is
// compared with it, page by page, on both databases. The rows are one reader's: a source only
// another user follows is never listed, and the reader's title, folder and pause are theirs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { forget } from "@/lib/base/remember";
import { disconnectDb } from "@/lib/db/client";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import {
  classifySourceHealth,
  HEALTH_STATE_URGENCY,
  SOURCE_HEALTH_STATES,
  SOURCE_STATUS_COLUMNS,
  type SourceHealthState,
} from "@/lib/reads/health/rules/classify-source-health";
import { displayTitleOf } from "@/lib/db/display-title";
import { withPause } from "@/lib/reads/sources/with-pause";
import { createMember, readerId } from "@/tests/helpers/reader-user";
import { listSourcesPage, SOURCE_SORTS, type SourceListRow, type SourceSort } from "@/lib/reads/sources/list-sources";
import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";

let database: FreshDatabase;
let reader: number;
const NOW = new Date();
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

// Titles in mixed case (a plain byte order would put "Zeta" before "alpha"), a custom title,
// folders and none, and every health state.
const STATES: Array<Partial<SourceRow>> = [
  { lastOutcome: "ok", lastNewArticleAt: ago(DAY), lastSuccessAt: ago(DAY) },
  { lastOutcome: null },
  { lastOutcome: "not_modified", lastNewArticleAt: ago(40 * DAY), lastSuccessAt: ago(2 * DAY) },
  { lastOutcome: "error", consecutiveErrors: 2, lastSuccessAt: ago(3 * DAY) },
  { lastOutcome: "error", consecutiveErrors: 3, lastSuccessAt: null },
  { lastOutcome: "error", breakerState: "open", consecutiveErrors: 6, lastSuccessAt: ago(9 * DAY) },
  { enabled: false, disabledReason: "user", lastOutcome: "ok" },
  { enabled: false, disabledReason: "gone", lastOutcome: "error", consecutiveErrors: 1 },
];
const WORDS = ["alpha", "Bravo", "charlie", "Delta", "echo", "Zeta", "yankee", "X-ray", "feed 10", "feed 9"];
const FOLDERS = [null, "Tech", "news", "Art"];

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.DATABASE_URL = database.url;
  for (const name of ["env", "database-target", "prisma"]) forget(name);
  reader = await readerId(database.db);
  const other = await createMember(database.db, "other");
  await createSource(database.db, {
    userId: other,
    feedUrl: "https://site3.example/theirs/feed.xml",
    title: "alpha of another reader",
    customTitle: null,
    folderName: "Tech",
  });
  for (let index = 0; index < 37; index++) {
    const id = await createSource(database.db, {
      userId: reader,
      feedUrl: `https://site${index % 5}.Example/${index}/feed.xml`,
      title: `${WORDS[index % WORDS.length]} ${index}`,
      customTitle: index % 9 === 4 ? `My pick ${index}` : null,
      folderName: FOLDERS[index % FOLDERS.length]!,
    });
    await database.db.source.update({
      where: { id },
      data: { ...STATES[index % STATES.length], nextDueAt: new Date(NOW.getTime() + (index % 6) * 60_000) },
    });
  }
});
afterAll(async () => {
  await disconnectDb();
  await database.dispose();
});

/** The read the page made before (every source classified and sorted in TypeScript), as the oracle. */
async function listEverySourceTheOldWay(sort: SourceSort, state: SourceHealthState | null, q: string) {
  const subscriptions = await database.db.subscription.findMany({
    where: { userId: reader },
    select: {
      customTitle: true,
      paused: true,
      folder: { select: { name: true } },
      source: { select: { id: true, title: true, feedUrl: true, ...SOURCE_STATUS_COLUMNS } },
    },
  });
  const sources = subscriptions.map(({ source, customTitle, paused, folder }) => {
    const row = withPause(source, paused);
    return {
      id: row.id,
      displayTitle: displayTitleOf({ customTitle, title: row.title }),
      feedUrl: row.feedUrl,
      folder: folder?.name ?? null,
      enabled: row.enabled,
      consecutiveErrors: row.consecutiveErrors,
      lastSuccessAt: row.lastSuccessAt,
      nextDueAt: row.nextDueAt,
      health: classifySourceHealth(row, NOW),
    };
  });
  type Listed = (typeof sources)[number];
  const byTitle = (a: Listed, b: Listed) => a.displayTitle.localeCompare(b.displayTitle) || a.id - b.id;
  const compare: Record<SourceSort, (a: Listed, b: Listed) => number> = {
    title: byTitle,
    problems: (a, b) =>
      HEALTH_STATE_URGENCY[a.health] - HEALTH_STATE_URGENCY[b.health] ||
      b.consecutiveErrors - a.consecutiveErrors ||
      (a.lastSuccessAt?.getTime() ?? 0) - (b.lastSuccessAt?.getTime() ?? 0) ||
      byTitle(a, b),
    next: (a, b) =>
      Number(b.enabled) - Number(a.enabled) || a.nextDueAt.getTime() - b.nextDueAt.getTime() || byTitle(a, b),
    folder: (a, b) => (a.folder ?? "\uffff").localeCompare(b.folder ?? "\uffff") || byTitle(a, b),
  };
  const needle = q.toLowerCase();
  return sources
    .filter((row) => state === null || row.health === state)
    .filter((row) => row.displayTitle.toLowerCase().includes(needle) || row.feedUrl.toLowerCase().includes(needle))
    .sort(compare[sort]);
}

/** Every page of a view, 7 rows a page, put end to end. */
async function readEveryPage(sort: SourceSort, state: SourceHealthState | null, q: string): Promise<SourceListRow[]> {
  const first = await listSourcesPage(reader, { sort, state, q, page: 1 }, NOW, 7);
  const rows = [...first.rows];
  for (let page = 2; page <= first.pages; page++)
    rows.push(...(await listSourcesPage(reader, { sort, state, q, page }, NOW, 7)).rows);
  return rows;
}

describe("the sources page's read", () => {
  it.each(SOURCE_SORTS)(
    "sorted by %s, every state and a search give the old read's rows in its order",
    async (sort) => {
      const views: Array<[SourceHealthState | null, string]> = [
        [null, ""],
        ...SOURCE_HEALTH_STATES.map((state): [SourceHealthState, string] => [state, ""]),
        [null, "SITE3.example"],
        [null, "pick"],
        [null, "FEED 1"],
        ["backing_off", "bravo"],
        [null, "100%_"],
      ];
      for (const [state, q] of views) {
        const expected = await listEverySourceTheOldWay(sort, state, q);
        const listed = await readEveryPage(sort, state, q);
        expect(
          listed.map((row) => [row.id, row.health, row.folder]),
          `${sort} ${state} "${q}"`,
        ).toEqual(expected.map((row) => [row.id, row.health, row.folder]));
      }
    },
  );

  it("counts the matching sources and the whole fleet, and keeps the asked page within them", async () => {
    const page = await listSourcesPage(reader, { sort: "title", state: "backing_off", q: "", page: 9 }, NOW, 3);
    const backingOff = (await listEverySourceTheOldWay("title", "backing_off", "")).length;
    expect(backingOff).toBeGreaterThan(3);
    expect(page).toMatchObject({
      total: 37,
      matching: backingOff,
      pages: Math.ceil(backingOff / 3),
      page: Math.ceil(backingOff / 3),
    });
    expect(page.rows.length).toBe(backingOff - (page.pages - 1) * 3);
    const none = await listSourcesPage(reader, { sort: "title", state: null, q: "no such feed", page: 2 }, NOW);
    expect(none).toEqual({ rows: [], total: 37, matching: 0, page: 1, pages: 1, offset: 0 });
  });

  it("returns rows shaped like the page's (dates as dates, booleans as booleans)", async () => {
    const [row] = (await listSourcesPage(reader, { sort: "next", state: "disabled", q: "", page: 1 }, NOW)).rows;
    expect(row).toMatchObject({ enabled: false, disabledReason: "user", health: "disabled" });
    expect(row!.nextDueAt).toBeInstanceOf(Date);
    expect(typeof row!.consecutiveErrors).toBe("number");
    expect(typeof row!.id).toBe("number");
  });
});
