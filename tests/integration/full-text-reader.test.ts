// The reader's side of full text (issue 27): "Fetch the full article" through the route handler,
// with the server's own settings (its lane, robots.txt on), the article's detail carrying both
// versions, and the page requests counted in the publisher's costs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { feed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addFullTextSite, htmlPage, readPageFixture } from "@/tests/helpers/article-site";
import { testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { listPublishers } from "@/lib/reads/health/list-publishers";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import type { ArticleDetail } from "@/lib/reads/articles/dto";
import * as fullTextRoute from "@/app/api/articles/[id]/full-text/route";
import * as articleRoute from "@/app/api/articles/[id]/route";

const HOST = "reader.example:3000";
let database: FreshDatabase;
let publisher: Publisher;
let restore: () => Promise<void>;
const saved = { ...process.env };

beforeAll(async () => {
  database = await createFreshDatabase();
  process.env.TIDINGS_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.TIDINGS_HOST_GAP_MS = "0";
  process.env.TIDINGS_ALLOWED_HOSTS = "reader.example";
  restore = useDatabaseInProcess(database);
  publisher = await startPublisher({
    "/robots.txt": feed({ body: "User-agent: *\nAllow: /\n", contentType: "text/plain" }),
  });
  const sourceId = await addFullTextSite(database.db, publisher, {
    "/news/bridges": htmlPage(readPageFixture("news-article"), '"v1"'),
    "/picture": feed({ body: Buffer.from("GIF89a"), contentType: "image/gif" }),
  });
  // The feed's articles, without their pages: the reader asks for them.
  await database.db.source.update({ where: { id: sourceId }, data: { fullText: false } });
  await runRound(database.db, testRoundSettings(), { trigger: "cli" });
});

afterAll(async () => {
  await restore?.();
  await publisher?.close();
  await database?.dispose();
  process.env = saved;
});

async function articleIdOf(path: string): Promise<number> {
  const article = await database.db.article.findFirstOrThrow({ where: { url: publisher.url(path) } });
  return article.id;
}

function post(id: number | string): Promise<Response> {
  const request = new Request(`http://${HOST}/api/articles/${id}/full-text`, {
    method: "POST",
    headers: { host: HOST, origin: `http://${HOST}`, "sec-fetch-site": "same-origin" },
  });
  return fullTextRoute.POST(request, { params: Promise.resolve({ id: String(id) }) });
}

describe("Fetch the full article", () => {
  it("answers the article with its full text beside the feed's content, asked through the lane", async () => {
    const id = await articleIdOf("/news/bridges");
    const response = await post(id);
    expect(response.status).toBe(200);
    const detail = (await response.json()) as ArticleDetail;
    expect(detail.contentHtml).toBe("Teaser 1: read on.");
    expect(detail.fullText).toMatchObject({ state: "extracted", bySelector: false });
    if (detail.fullText?.state === "extracted") expect(detail.fullText.html).toContain("spring floods");
    // robots.txt was read first, as for any request to the site, then the page.
    expect(publisher.requests.map((request) => request.path).slice(-2)).toEqual(["/robots.txt", "/news/bridges"]);

    const again = await articleRoute.GET(
      new Request(`http://${HOST}/api/articles/${id}`, { headers: { host: HOST } }),
      {
        params: Promise.resolve({ id: String(id) }),
      },
    );
    expect(((await again.json()) as ArticleDetail).fullText?.state).toBe("extracted");
  });

  it("says why when the page is not an article, and keeps the feed's content", async () => {
    const detail = (await (await post(await articleIdOf("/picture"))).json()) as ArticleDetail;
    expect(detail.contentHtml).toBe("Teaser 2: read on.");
    expect(detail.fullText).toMatchObject({ state: "failed", reason: "not an HTML page (image/gif)" });
  });

  it("answers 404 for an unknown article and 400 for a malformed id, asking nothing", async () => {
    const before = publisher.requests.length;
    expect((await post(999_999)).status).toBe(404);
    expect((await post("x")).status).toBe(400);
    expect(publisher.requests.length).toBe(before);
  });

  it("counts the page requests in the publisher's costs", async () => {
    const [summary] = await listPublishers(new Date(), politenessKeyOf(publisher.origin));
    expect(summary!.pageRequests).toBe(2);
    // The feed's one request, and the two pages (robots.txt is not counted against a source).
    expect(summary!.requests).toBe(3);
    expect(summary!.bytesReceived).toBeGreaterThan(5000);
  });
});
