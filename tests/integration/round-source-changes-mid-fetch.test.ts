// A person changes a source while the round is fetching it. Before: an address edited during the
// fetch received the old address's validators (the next request to the new address then sent the
// old ETag), and a source removed during its own fetch ended the round as a database failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { feed, SAMPLE_RSS, startPublisher, type Handler, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";
import { updateSource } from "@/lib/pipeline/store/sources/update-source";
import { removeSource } from "@/lib/pipeline/store/sources/remove-source";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let publisher: Publisher;
/** What the publisher does to the database while it answers /during.xml (set by each test). */
let duringFetch: () => Promise<void> = async () => undefined;

/** Answers like /old.xml with an ETag, after running `duringFetch`: the edit lands mid-fetch. */
const answerAfterEdit: Handler = async (request, response) => {
  await duringFetch();
  await feed({ body: SAMPLE_RSS, etag: '"old-address-etag"', lastModified: "Mon, 01 Jan 2024 00:00:00 GMT" })(
    request,
    response,
  );
};

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({
    "/during.xml": answerAfterEdit,
    "/new.xml": feed({ body: SAMPLE_RSS, etag: '"new-address-etag"' }),
    "/other.xml": feed({ body: SAMPLE_RSS }),
  });
});
afterAll(async () => {
  await publisher?.close();
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.source.deleteMany();
  publisher.clearRequests();
});

describe("an address edited during that source's fetch", () => {
  it("keeps the edit's clean slate: no old validators, due at once, and the new address gets no old ETag", async () => {
    const sourceId = await addDueSource(database.db, publisher.url("/during.xml"));
    duringFetch = async () => {
      await updateSource(database.db, {
        userId: await readerId(database.db),
        sourceId,
        customTitle: null,
        folderName: null,
        enabled: true,
        feedUrl: publisher.url("/new.xml"),
        now: new Date(),
      });
    };
    const first = await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    expect(first.status).toBe("completed");
    const source = await database.db.source.findUniqueOrThrow({ where: { id: sourceId } });
    expect(source).toMatchObject({ feedUrl: publisher.url("/new.xml"), etag: null, lastModified: null });
    expect(source.nextDueAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The articles the fetch brought are still this source's, counted.
    expect([await database.db.article.count({ where: { sourceId } }), source.articleCount]).toEqual([2, 2]);

    duringFetch = async () => undefined;
    await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    const toNew = publisher.requests.filter((request) => request.path === "/new.xml");
    expect(toNew).toHaveLength(1);
    expect([toNew[0]!.headers["if-none-match"], toNew[0]!.headers["if-modified-since"]]).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe("a source removed during its own fetch", () => {
  it("is not a database failure: the round completes and goes on to the next source", async () => {
    const doomed = await addDueSource(database.db, publisher.url("/during.xml"));
    const other = await addDueSource(database.db, publisher.url("/other.xml"));
    duringFetch = async () => {
      await removeSource(database.db, { userId: await readerId(database.db), sourceId: doomed });
    };
    const report = await runRound(database.db, testRoundSettings(), { trigger: "cli" });
    if (report.status !== "completed") throw new Error(`the round ended ${report.status}`);
    expect(report.lines.map((line) => [line.sourceId, line.outcome, line.errorKind])).toEqual(
      expect.arrayContaining([
        [doomed, "ok", null],
        [other, "ok", null],
      ]),
    );
    expect(report.lines.find((line) => line.sourceId === doomed)?.detail).toMatch(/removed during its fetch/);
    expect(await database.db.source.count({ where: { id: doomed } })).toBe(0);
    expect(await database.db.article.count({ where: { sourceId: other } })).toBe(2);
    const round = await database.db.round.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(round.finishedAt).not.toBeNull();
  });
});
