// Search pages past the newest articles. On PostgreSQL a search page is found in two steps (the
// view's newest NEWEST_ROWS_TESTED articles first, then the whole index: lib/reads/articles/list-query.ts);
// these tests put matches on both sides of that boundary and page through them on both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { readAllPages } from "@/tests/helpers/read-all-pages";
import { ALL_ARTICLES, type ArticleScope } from "@/lib/base/article-scope";
import { NEWEST_ROWS_TESTED } from "@/lib/reads/articles/list-query";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let restore: () => Promise<void>;
let sourceId = 0;
const START = Date.UTC(2025, 0, 1);

// Article n is published n minutes after START. Titles: "zebra" on the 60 oldest, beyond the
// boundary; "lion" on every 40th; "tiger" on the 30 newest and the 30 oldest.
const TOTAL = NEWEST_ROWS_TESTED + 200;
const titleOf = (n: number) =>
  [`Item ${n}`, n < 60 ? "zebra" : "", n % 40 === 0 ? "lion" : "", n < 30 || n >= TOTAL - 30 ? "tiger" : ""]
    .filter(Boolean)
    .join(" ");

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  sourceId = await seedSource(database.db, { title: "Deep" });
  await seedArticles(
    database.db,
    sourceId,
    Array.from({ length: TOTAL }, (_, n) => ({
      title: titleOf(n),
      content: null,
      publishedAt: new Date(START + n * 60_000),
      read: n % 2 === 0,
    })),
  );
});

afterAll(async () => {
  await restore();
  await database.dispose();
});

async function searchAllPages(scope: Partial<ArticleScope>, limit: number): Promise<string[]> {
  return (await readAllPages(await readerId(database.db), { ...ALL_ARTICLES, ...scope }, limit)).items.map(
    (item) => item.title,
  );
}

const expectedTitles = (keep: (n: number) => boolean) =>
  Array.from({ length: TOTAL }, (_, n) => TOTAL - 1 - n)
    .filter(keep)
    .map(titleOf);

describe("search beyond the newest articles", () => {
  it("finds matches that only older articles have, page after page", async () => {
    expect(await searchAllPages({ q: "zebra" }, 25)).toEqual(expectedTitles((n) => n < 60));
  });

  it("pages through matches spread over the whole view", async () => {
    expect(await searchAllPages({ q: "lion" }, 20)).toEqual(expectedTitles((n) => n % 40 === 0));
  });

  it("joins the newest matches and the oldest ones without a gap or a repeat", async () => {
    expect(await searchAllPages({ q: "tiger" }, 7)).toEqual(expectedTitles((n) => n < 30 || n >= TOTAL - 30));
  });

  it("keeps to the view", async () => {
    expect(await searchAllPages({ q: "zebra", unread: true }, 10)).toEqual(
      expectedTitles((n) => n < 60 && n % 2 === 1),
    );
    expect(await searchAllPages({ q: "zebra", sourceId: sourceId + 1 }, 10)).toEqual([]);
  });
});
