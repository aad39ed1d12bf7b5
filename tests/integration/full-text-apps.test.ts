// The feed apps get the full article (issue 27): the Google Reader and Fever APIs answer an
// article's page content when it was extracted, the feed's content otherwise (a page that failed,
// no page at all). Route handlers in-process against a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { seedArticles, seedSource, useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import {
  GREADER_PASSWORD,
  GREADER_USER,
  openGReaderSession,
  type GReaderSession,
} from "@/tests/helpers/greader-client";
import { feverKeyOf } from "@/lib/features/auth/api-credentials";
import * as feverPhpRoute from "@/app/api/fever.php/route";

const HOST = "reader.example:3000";
let database: FreshDatabase;
let restore: () => Promise<void>;
let session: GReaderSession;
let ids: number[];

beforeAll(async () => {
  database = await createFreshDatabase();
  restore = useDatabaseInProcess(database);
  const sourceId = await seedSource(database.db, { title: "Teasers" });
  ids = await seedArticles(
    database.db,
    sourceId,
    ["extracted", "failed", "none"].map((name) => ({ title: name, content: `<p>Teaser of ${name}</p>` })),
  );
  const page = { url: "https://publisher.example/p", fetchedAt: new Date() };
  await database.db.articlePage.create({
    data: {
      ...page,
      articleId: ids[0]!,
      state: "extracted",
      content: "<p>The whole article.</p>",
      extractedBy: "readability",
    },
  });
  await database.db.articlePage.create({
    data: {
      ...page,
      articleId: ids[1]!,
      state: "failed",
      errorKind: "not_html",
      detail: "not an HTML page (image/png)",
    },
  });
  // One API password for both APIs.
  session = await openGReaderSession(database.db);
});

afterAll(async () => {
  await restore?.();
  await database?.dispose();
});

const EXPECTED = ["<p>The whole article.</p>", "<p>Teaser of failed</p>", "<p>Teaser of none</p>"];

describe("the apps' content", () => {
  it("is the full article in the Google Reader API when there is one", async () => {
    const answer = await session.json<{ items: { title: string; summary: { content: string } }[] }>(
      session.post("reader/api/0/stream/items/contents", { i: ids.map(String) }),
    );
    const byTitle = new Map(answer.items.map((item) => [item.title, item.summary.content]));
    expect(["extracted", "failed", "none"].map((title) => byTitle.get(title))).toEqual(EXPECTED);
  });

  it("is the full article in the Fever API when there is one", async () => {
    const form = new URLSearchParams({ api_key: feverKeyOf(GREADER_USER, GREADER_PASSWORD) });
    const response = await feverPhpRoute.POST(
      new Request(`http://${HOST}/api/fever.php?api&items&with_ids=${ids.join(",")}`, {
        method: "POST",
        body: form.toString(),
        headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    const body = (await response.json()) as { items: { id: number; html: string }[] };
    expect(ids.map((id) => body.items.find((item) => item.id === id)?.html)).toEqual(EXPECTED);
  });
});
