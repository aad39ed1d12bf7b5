// What the store saves for search: a real publisher on loopback, a subscription and a round
// through the store, then the reader's search, on either database. The words of an item are
// found; the words of its markup (tag and attribute names, addresses in attributes) are not; a
// changed item is found by its new words only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { runRound } from "@/lib/pipeline/round/run-round";
import { listArticles } from "@/lib/reads/articles/list-articles";
import { ALL_ARTICLES } from "@/lib/base/article-scope";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let restore: () => Promise<void>;
let site: Publisher;

const itemWith = (description: string, etag: string) =>
  feed({
    body: rssFeed({
      items: [{ guid: "urn:s:1", title: "Orchard notes", link: "https://x.example/1", description }],
    }),
    etag,
  });

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  site = await startPublisher({
    "/feed.xml": itemWith(
      '<p>Pears <a href="https://tracker.example/zebra" class="marmalade">ripen</a> slowly<img src="/quokka.png" alt=""></p>',
      '"v1"',
    ),
  });
});
afterAll(async () => {
  await site.close();
  await restore();
  await database.dispose();
});

const search = async (q: string) =>
  (
    await listArticles({ userId: await readerId(database.db), scope: { ...ALL_ARTICLES, q }, cursor: null, limit: 10 })
  ).items.map((item) => item.title);

describe("the text the store saves for search", () => {
  it("holds the item's words, not its markup, and follows a changed item", async () => {
    const settings = testRoundSettings();
    expect(
      await subscribe(database.db, settings, { userId: await readerId(database.db), url: site.url("/feed.xml") }),
    ).toMatchObject({
      status: "subscribed",
      newArticles: 1,
    });
    expect(await search("ripen pears")).toEqual(["Orchard notes"]);
    for (const markup of ["zebra", "tracker", "marmalade", "class", "href", "img", "quokka"])
      expect(await search(markup)).toEqual([]);

    site.setRoute("/feed.xml", itemWith("<p>Apples <em>fall</em> early</p>", '"v2"'));
    await makeAllDue(database.db);
    await runRound(database.db, settings, { trigger: "cli" });
    expect(await search("apples fall")).toEqual(["Orchard notes"]);
    expect(await search("pears")).toEqual([]);
  });
});
