// A hostile feed with 100 kB GUIDs and links of 3 kB to 20 kB: before, the GUIDs were stored whole,
// and on PostgreSQL a GUID-less item keyed by a 3 kB link failed the whole fetch (the unique index's
// rows are at most about 2.7 kB). Now the GUID beyond its cap is kept as a hash of the whole of it
// and links are kept whole up to theirs, so every item is stored once and found again next time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { feed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { MAX_ITEM_ID_LENGTH, MAX_ITEM_URL_LENGTH } from "@/lib/base/text-limits";

const LONG_GUID = `urn:hostile:${"g".repeat(100_000)}`;
const LINKS = {
  keptWhole: `https://hostile.example/one?q=${"x".repeat(3000)}`,
  keyedByLink: `https://hostile.example/three?q=${"y".repeat(3000)}`,
  overTheCap: `https://hostile.example/four?q=${"z".repeat(20_000)}`,
  longFragment: `https://hostile.example/five?q=1#${"f".repeat(20_000)}`,
};

const item = (title: string, link: string, guid?: string) =>
  `<item>${guid ? `<guid isPermaLink="false">${guid}</guid>` : ""}<title>${title}</title>` +
  `<link>${link.replaceAll("&", "&amp;")}</link><description>${title} body</description></item>`;

const BODY =
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Hostile</title>` +
  item("One", LINKS.keptWhole, `${LONG_GUID}:1`) +
  item("Two", "https://hostile.example/two", `${LONG_GUID}:2`) +
  item("Three", LINKS.keyedByLink) +
  item("Four", LINKS.overTheCap) +
  item("Five", LINKS.longFragment) +
  `</channel></rss>`;

const database = setUpDatabaseInProcess();
let publisher: Publisher;

beforeAll(async () => {
  publisher = await startPublisher({ "/hostile.xml": feed({ body: BODY }) });
});
afterAll(async () => {
  await publisher?.close();
});

async function runOneRound() {
  const report = await runRound(database().db, testRoundSettings(), { trigger: "cli" });
  if (report.status !== "completed") throw new Error(`round ${report.status}`);
  return report.tally;
}

describe("a feed with over-long GUIDs and links", () => {
  it("stores each item once with bounded identities, keeps usable links, and finds them all again", async () => {
    await addDueSource(database().db, publisher.url("/hostile.xml"));
    const first = await runOneRound();
    expect([first.okCount, first.newArticles]).toEqual([1, 5]);

    const articles = await database().db.article.findMany({ orderBy: { id: "asc" } });
    expect(articles.map((article) => article.title)).toEqual(["One", "Two", "Three", "Four", "Five"]);
    // The two GUIDs differ only past the cap: hashing the whole of each keeps them two articles.
    expect(articles.map((article) => article.guid?.length ?? null)).toEqual([71, 71, null, null, null]);
    expect(articles[0]!.guid).not.toBe(articles[1]!.guid);
    for (const article of articles) expect(article.dedupeKey.length).toBeLessThanOrEqual(MAX_ITEM_ID_LENGTH + 5);
    expect(articles.map((article) => article.url)).toEqual([
      LINKS.keptWhole,
      "https://hostile.example/two",
      LINKS.keyedByLink,
      null,
      "https://hostile.example/five?q=1",
    ]);
    expect(Math.max(...articles.map((article) => article.url?.length ?? 0))).toBeLessThanOrEqual(MAX_ITEM_URL_LENGTH);

    await makeAllDue(database().db);
    const second = await runOneRound();
    expect([second.okCount, second.newArticles]).toEqual([1, 0]);
    expect(await database().db.article.count()).toBe(5);
  });
});
