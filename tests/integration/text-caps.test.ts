// A feed whose title, one item's title and its author are 1 MB each: before, they were stored whole
// (/api/sidebar answered 1 MB per call, the reader's page 6 MB, and Chromium never finished the All
// view). Now the parse step cuts them to the documented lengths and every answer stays small.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpDatabaseInProcess } from "@/tests/helpers/database-in-process";
import { feed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { MAX_ARTICLE_TITLE_LENGTH, MAX_AUTHOR_LENGTH, MAX_SOURCE_TITLE_LENGTH } from "@/lib/base/text-limits";
import * as sidebarRoute from "@/app/api/sidebar/route";
import * as listRoute from "@/app/api/articles/route";

const MEGABYTE = 1024 * 1024;
const HUGE = "Ünïcødé 😀 ".repeat(MEGABYTE / 16);
const BODY =
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
  `<channel><title>${HUGE}</title><link>https://heavy.example/</link>` +
  `<item><guid>urn:heavy:1</guid><title>${HUGE}</title><dc:creator>${HUGE}</dc:creator>` +
  `<link>https://heavy.example/1</link><description>A normal body.</description></item>` +
  `<item><guid>urn:heavy:2</guid><title>A normal title</title><link>https://heavy.example/2</link></item>` +
  `</channel></rss>`;

const database = setUpDatabaseInProcess();
let publisher: Publisher;

beforeAll(async () => {
  publisher = await startPublisher({ "/heavy.xml": feed({ body: BODY }) });
});
afterAll(async () => {
  await publisher?.close();
});

describe("a feed with 1 MB titles", () => {
  it("is stored with its titles and author cut to their lengths, and the reader's answers stay small", async () => {
    expect(Buffer.byteLength(HUGE)).toBeGreaterThan(MEGABYTE);
    const sourceId = await addDueSource(database().db, publisher.url("/heavy.xml"));
    const report = await runRound(database().db, testRoundSettings(), { trigger: "cli" });
    expect(report.status === "completed" && report.tally.okCount).toBe(1);

    const source = await database().db.source.findUniqueOrThrow({ where: { id: sourceId } });
    expect([source.title.length, source.title.endsWith("…")]).toEqual([MAX_SOURCE_TITLE_LENGTH, true]);
    expect(source.title.startsWith("Ünïcødé 😀 Ünïcødé")).toBe(true);
    const articles = await database().db.article.findMany({ orderBy: { id: "asc" } });
    expect(articles.map((article) => [article.title.length, article.author?.length ?? null])).toEqual([
      [expect.any(Number), expect.any(Number)],
      ["A normal title".length, null],
    ]);
    expect(articles[0]!.title.length).toBeLessThanOrEqual(MAX_ARTICLE_TITLE_LENGTH);
    expect(articles[0]!.title.length).toBeGreaterThan(MAX_ARTICLE_TITLE_LENGTH - 12);
    expect(articles[0]!.author!.length).toBeLessThanOrEqual(MAX_AUTHOR_LENGTH);
    expect(articles.map((article) => Buffer.from(article.title).toString())).toEqual(articles.map((a) => a.title));

    const sidebar = await sidebarRoute.GET();
    expect(Buffer.byteLength(await sidebar.text())).toBeLessThan(4 * 1024);
    const list = await listRoute.GET(new Request("http://127.0.0.1:3000/api/articles"));
    expect(Buffer.byteLength(await list.text())).toBeLessThan(8 * 1024);
  });
});
