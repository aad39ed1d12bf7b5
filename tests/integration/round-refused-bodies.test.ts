import { describe, expect, it } from "vitest";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { feed, hugeBody, rssFeed, status, UNREADABLE_XML, ENTITY_BOMB_XML } from "@/tests/helpers/publisher";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { runRound } from "@/lib/pipeline/round/run-round";

// Every response teaches, whether or not its body is kept (issue 14, item 1): a refused body's
// validators and hash make the next request conditional and spare the parse.

const world = setUpRoundWorld();
const CAP = 16 * 1024;
const settings = testRoundSettings({ fetch: { maxBodyBytes: CAP } });
const run = () => runRound(world.database.db, settings, { trigger: "cli" });
const GOOD = rssFeed({
  items: [
    {
      guid: "urn:ok:1",
      title: "Readable again",
      link: "https://publisher.example/ok",
      pubDate: "Mon, 01 Jan 2024 10:00:00 GMT",
    },
  ],
});
const BIG = rssFeed({
  items: Array.from({ length: 400 }, (_, n) => ({
    guid: `urn:big:${n}`,
    title: `Item ${n}`,
    link: `https://publisher.example/${n}`,
  })),
});

const fetchesOf = (sourceId: number) =>
  world.database.db.fetch.findMany({ where: { sourceId }, orderBy: { id: "asc" } });
const sourceOf = (id: number) => world.database.db.source.findUniqueOrThrow({ where: { id } });

describe("a refused body becomes conditional", () => {
  it("a too-large feed turns into 304s: still too large, unchanged, for a header exchange", async () => {
    expect(BIG.length).toBeGreaterThan(CAP);
    world.publisher.setRoute("/big.xml", feed({ body: BIG, etag: '"big-1"' }));
    const id = await addDueSource(world.database.db, world.publisher.url("/big.xml"));

    await run();
    let source = await sourceOf(id);
    // Kept apart: the validators of content we hold stay empty, the refused body's are remembered.
    expect(source).toMatchObject({
      etag: null,
      lastBodyHash: null,
      refusedKind: "too_large",
      refusedEtag: '"big-1"',
      lastErrorKind: "too_large",
    });
    expect(source.refusedDetail).toBe(
      `${(BIG.length / 1024).toFixed(1)} KiB (Content-Length), over the 16 KiB limit: raise TIDINGS_MAX_BODY_BYTES to read it`,
    );

    await makeAllDue(world.database.db);
    await run();
    const second = world.publisher.requestsTo("/big.xml")[1]!;
    expect(second.headers["if-none-match"]).toBe('"big-1"');
    const rows = await fetchesOf(id);
    expect(rows.map((row) => [row.outcome, row.errorKind, row.httpStatus, row.conditional, row.bytesReceived])).toEqual(
      [
        ["error", "too_large", 200, false, 0],
        ["error", "too_large", 304, true, 0],
      ],
    );
    expect(rows[1]!.detail).toBe(`still too large, unchanged (HTTP 304): ${source.refusedDetail}`);
    source = await sourceOf(id);
    expect(source).toMatchObject({ lastOutcome: "error", refusedKind: "too_large", consecutiveErrors: 2, etag: null });

    // The publisher trims its feed: a 200 with a readable body clears the refusal.
    world.publisher.setRoute("/big.xml", feed({ body: GOOD, etag: '"small-1"' }));
    await makeAllDue(world.database.db);
    await run();
    source = await sourceOf(id);
    expect(source).toMatchObject({
      lastOutcome: "ok",
      etag: '"small-1"',
      refusedKind: null,
      refusedEtag: null,
      refusedBodyHash: null,
      consecutiveErrors: 0,
    });
  });

  it("a compressed too-large body is cut at the cap, and the same first bytes are recognised without validators", async () => {
    world.publisher.setRoute("/big.gz", feed({ body: BIG, encoding: "gzip" }));
    const id = await addDueSource(world.database.db, world.publisher.url("/big.gz"));
    await run();
    await makeAllDue(world.database.db);
    await run();
    const rows = await fetchesOf(id);
    expect(rows.map((row) => [row.errorKind, row.conditional, row.bodyUnchanged])).toEqual([
      ["too_large", false, false],
      ["too_large", false, true],
    ]);
    expect(rows[1]!.detail).toMatch(
      /^still too large, unchanged \(same body\): more than 16 KiB after decompression, over the 16 KiB limit/,
    );
  });

  it("a chunked too-large body whose server ignores validators: the first maxBodyBytes are its fingerprint", async () => {
    world.publisher.setRoute("/huge", hugeBody({ bytes: 4 * 1024 * 1024 }));
    const id = await addDueSource(world.database.db, world.publisher.url("/huge"));
    await run();
    await makeAllDue(world.database.db);
    await run();
    const rows = await fetchesOf(id);
    expect(rows.map((row) => [row.errorKind, row.bodyUnchanged])).toEqual([
      ["too_large", false],
      ["too_large", true],
    ]);
    // Reading stopped at the cap and the connection was closed: far less than the 4 MiB on offer
    // (the server writes 64 KiB chunks, and the socket may hold a few).
    for (const row of rows) expect(row.bytesReceived).toBeLessThan(1024 * 1024);
  });

  it("raising the limit is enough to read an unchanged too-large feed: the old refusal is not sent back", async () => {
    world.publisher.setRoute("/raised.xml", feed({ body: BIG, etag: '"raised-1"' }));
    const id = await addDueSource(world.database.db, world.publisher.url("/raised.xml"));
    await run();
    expect(await sourceOf(id)).toMatchObject({ refusedKind: "too_large", refusedBodyLimit: CAP });
    await makeAllDue(world.database.db);
    await runRound(world.database.db, testRoundSettings({ fetch: { maxBodyBytes: 4 * BIG.length } }), {
      trigger: "cli",
    });
    // Unconditional again (the refused body's validators would only get a 304), and read whole.
    expect(world.publisher.requestsTo("/raised.xml")[1]!.headers["if-none-match"]).toBeUndefined();
    expect(await sourceOf(id)).toMatchObject({
      lastOutcome: "ok",
      etag: '"raised-1"',
      refusedKind: null,
      refusedBodyLimit: null,
    });
  });

  it.each([
    ["malformed XML", "/broken.xml", UNREADABLE_XML, "unparsable"],
    ["entity-declaring XML", "/entities.xml", ENTITY_BOMB_XML, "unparsable"],
  ])(
    "%s from a server that ignores validators: the same hash is recognised and the parse not repeated",
    async (_name, path, body, label) => {
      world.publisher.setRoute(path, feed({ body, etag: '"same"', honourValidators: false }));
      const id = await addDueSource(world.database.db, world.publisher.url(path));
      await run();
      expect(await sourceOf(id)).toMatchObject({ refusedKind: "parse", refusedEtag: '"same"', etag: null });
      await makeAllDue(world.database.db);
      await run();
      expect(world.publisher.requestsTo(path)[1]!.headers["if-none-match"]).toBe('"same"');
      const rows = await fetchesOf(id);
      expect(rows.map((row) => [row.outcome, row.errorKind, row.httpStatus, row.bodyUnchanged])).toEqual([
        ["error", "parse", 200, false],
        ["error", "parse", 200, true],
      ]);
      expect(rows[1]!.detail).toBe(`still ${label}, unchanged (same body): ${rows[0]!.detail}`);
    },
  );

  it("content errors back off from the floor, doubling (1 h, 2 h, 4 h), without opening the breaker", async () => {
    world.publisher.setRoute("/bad.xml", feed({ body: UNREADABLE_XML, etag: '"bad"' }));
    const id = await addDueSource(world.database.db, world.publisher.url("/bad.xml"));
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      await makeAllDue(world.database.db);
      await run();
      const source = await sourceOf(id);
      waits.push((source.nextDueAt.getTime() - source.lastFetchedAt!.getTime()) / 3_600_000);
      expect(source.breakerState).toBe("closed");
      expect(source.nextCheckReason).toMatch(
        new RegExp(`^content backoff after ${round + 1} errors? \\(unparsable\\)`),
      );
    }
    // Jitter only lengthens a wait, by at most 20%.
    waits.forEach((wait, n) => {
      expect(wait).toBeGreaterThanOrEqual(2 ** n - 0.01);
      expect(wait).toBeLessThan(2 ** n * 1.2 + 0.01);
    });
  });

  it("a server answering 304 to everything, unconditional requests too, is no feed and never a 304 that honours validators", async () => {
    world.publisher.setRoute("/always-304.xml", status(304, { headers: { etag: '"e"' } }));
    const id = await addDueSource(world.database.db, world.publisher.url("/always-304.xml"));
    for (let round = 0; round < 3; round++) {
      await makeAllDue(world.database.db);
      await run();
    }
    const rows = await fetchesOf(id);
    expect(rows.map((row) => [row.outcome, row.errorKind, row.httpStatus])).toEqual([
      ["error", "not_a_feed", 304],
      ["error", "not_a_feed", 304],
      ["error", "not_a_feed", 304],
    ]);
    // No content was ever held, so no check could be conditional: each 304 answered nothing asked.
    expect(rows.map((row) => row.conditional)).toEqual([false, false, false]);
    expect(rows[0]!.detail).toBe("HTTP 304 Not Modified to a request without validators: no feed in the response");
    // No row a caching verdict could count as a 304 answered to validators, and no content held.
    expect(rows.some((row) => row.outcome === "not_modified")).toBe(false);
    expect(await sourceOf(id)).toMatchObject({ etag: null, lastBodyHash: null, lastErrorKind: "not_a_feed" });
  });
});
