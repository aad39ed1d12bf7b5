// `tidings add --full-text [--selector CSS]` (issue 27): the source's full-text settings, and a
// selector the extractor cannot use refused before anything is subscribed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { runCli } from "@/tests/helpers/run-cli";

let database: FreshDatabase;
let publisher: Publisher;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createFreshDatabase();
  const body = rssFeed({ title: "Teasers", items: [{ guid: "urn:t:1", title: "One", link: "https://x.example/1" }] });
  publisher = await startPublisher({ "/a.xml": feed({ body }), "/b.xml": feed({ body }) });
  env = { DATABASE_URL: database.url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true" };
});
afterAll(async () => {
  await publisher.close();
  await database.dispose();
});

describe("tidings add --full-text", () => {
  it("subscribes with full text and the selector", async () => {
    const added = await runCli(["add", publisher.url("/a.xml"), "--full-text", "--selector", "article .body"], env);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/full text: their pages are fetched by the next rounds/);
    const source = await database.db.source.findUniqueOrThrow({ where: { feedUrl: publisher.url("/a.xml") } });
    expect(source).toMatchObject({ fullText: true, fullTextSelector: "article .body" });
  });

  it("refuses a selector it cannot use, and subscribes nothing", async () => {
    const refused = await runCli(["add", publisher.url("/b.xml"), "--full-text", "--selector", "div["], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/"div\[" is not a CSS selector Tidings can use/);
    expect(publisher.requestsTo("/b.xml")).toHaveLength(0);
    expect(await database.db.source.count({ where: { feedUrl: publisher.url("/b.xml") } })).toBe(0);
  });
});
