// POST /api/rounds, the reader's "Refresh": an ordinary round (only due sources, never a source
// before its floor), answered with what it did and how many sources were left alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { useDatabaseInProcess } from "@/tests/helpers/seed-articles";
import { feed, rssFeed, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { addDueSource } from "@/tests/helpers/round-fixtures";
import { POST } from "@/app/api/rounds/route";

let database: FreshDatabase;
let restore: () => Promise<void>;
let publisher: Publisher;
const DAY = 24 * 60 * 60 * 1000;
const body = (key: string) =>
  rssFeed({
    title: key,
    items: [{ guid: `urn:${key}`, title: `${key} post`, link: `https://publisher.example/${key}` }],
  });

beforeAll(async () => {
  database = await createFreshDatabase();
  Object.assign(process.env, {
    TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
    TIDINGS_HOST_GAP_MS: "0",
    TIDINGS_ROBOTS: "off",
    // This file counts the feeds' requests; the sites' icons have tests of their own.
    TIDINGS_ICONS: "false",
  });
  restore = useDatabaseInProcess(database);
  publisher = await startPublisher({
    "/due.xml": feed({ body: body("due"), etag: '"d"' }),
    "/later.xml": feed({ body: body("later"), etag: '"l"' }),
    "/paused.xml": feed({ body: body("paused") }),
  });
  await addDueSource(database.db, publisher.url("/due.xml"));
  const later = await addDueSource(database.db, publisher.url("/later.xml"));
  await database.db.source.update({ where: { id: later }, data: { nextDueAt: new Date(Date.now() + DAY) } });
  const paused = await addDueSource(database.db, publisher.url("/paused.xml"));
  await database.db.source.update({ where: { id: paused }, data: { enabled: false } });
});

afterAll(async () => {
  await publisher?.close();
  await restore?.();
  await database?.dispose();
});

const post = (headers: Record<string, string> = {}) =>
  POST(
    new Request("http://127.0.0.1:3000/api/rounds", {
      method: "POST",
      headers: { host: "127.0.0.1:3000", ...headers },
    }),
  );

describe("POST /api/rounds", () => {
  it("refuses a cross-site request and asks no publisher", async () => {
    const response = await post({ origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("cross_site");
    expect(publisher.requests).toHaveLength(0);
  });

  it("fetches only the due source and says how many enabled sources were not due", async () => {
    const response = await post();
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({
      status: "completed",
      sourcesNotDue: 1,
      tally: { sourcesDue: 1, sourcesAttempted: 1, okCount: 1, newArticles: 1 },
    });
    expect(publisher.requests.map((request) => request.path)).toEqual(["/due.xml"]);
    // Recorded as what it was, a round asked for over the API (the reader's Refresh), not a `cli` one.
    const round = await database.db.round.findUniqueOrThrow({ where: { id: answer.roundId } });
    expect(round.trigger).toBe("api");
  });

  it("pressed again at once, asks nobody: the fetched source waits for its floor", async () => {
    const answer = await (await post()).json();
    expect(answer).toEqual({ status: "skipped", reason: "no source is due", sourcesNotDue: 2 });
    expect(publisher.requests).toHaveLength(1);
  });
});
