// What a newcomer types into the add form: an address without a scheme (read as https, then plain
// http when no https server answers, as a browser's address bar does), and a LAN feed refused
// with the setting that would allow it named. Real publishers on loopback, a real database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { feed, SAMPLE_RSS, startPublisher, type Publisher } from "@/tests/helpers/publisher";
import { testRoundSettings } from "@/tests/helpers/round-fixtures";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { addSourceSchema } from "@/lib/reads/sources/form-schemas";
import { readerId } from "@/tests/helpers/reader-user";

let database: FreshDatabase;
let lan: Publisher;
let local: Publisher;

beforeAll(async () => {
  database = await createFreshDatabase();
  lan = await startPublisher({ "/feed": feed({ body: SAMPLE_RSS }) }, { host: "127.10.31.1" });
  local = await startPublisher({ "/feed": feed({ body: SAMPLE_RSS }) });
});
afterAll(async () => {
  await lan.close();
  await local.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.source.deleteMany();
  lan.clearRequests();
  local.clearRequests();
});

const open = testRoundSettings();
const strict = testRoundSettings({ fetch: { allowPrivateNetworks: false } });

describe("an address without a scheme", () => {
  it("is accepted by the add form's schema as typed", () => {
    const parsed = addSourceSchema.safeParse({ url: " example.com/feed ", title: "", folder: "" });
    expect(parsed.success && parsed.data.url).toBe("example.com/feed");
    expect(addSourceSchema.safeParse({ url: "ftp://example.com/feed", title: "", folder: "" }).success).toBe(false);
  });

  it("is tried over https, then once over plain http when no https server answers there", async () => {
    const typed = `127.10.31.1:${lan.port}/feed`;
    const result = await subscribe(database.db, open, { userId: await readerId(database.db), url: typed });
    expect(result).toMatchObject({ status: "subscribed", feedUrl: `http://127.10.31.1:${lan.port}/feed` });
    // The https attempt met an http-only server (no HTTP request came of it); the http one did.
    expect(lan.requestsTo("/feed")).toHaveLength(1);
    const source = await database.db.source.findFirstOrThrow();
    expect(source.feedUrl).toBe(`http://127.10.31.1:${lan.port}/feed`);
  });

  it("is never retried over http when the scheme was typed", async () => {
    const result = await subscribe(database.db, open, {
      userId: await readerId(database.db),
      url: `https://127.10.31.1:${lan.port}/feed`,
    });
    expect(result).toMatchObject({ status: "invalid", field: "url" });
    expect(result.status === "invalid" && result.message).toMatch(/^Unreachable: /);
    expect(lan.requests).toHaveLength(0);
    expect(await database.db.source.count()).toBe(0);
  });
});

describe("a feed on a private address", () => {
  it("is refused before any request, naming TIDINGS_ALLOW_PRIVATE_NETWORKS and what it allows", async () => {
    const result = await subscribe(database.db, strict, {
      userId: await readerId(database.db),
      url: `http://127.10.31.1:${lan.port}/feed`,
    });
    expect(result).toMatchObject({ status: "invalid", field: "url" });
    const message = result.status === "invalid" ? result.message : "";
    expect(message).toMatch(/^127\.10\.31\.1 is not a public address \(loopback\)\. /);
    expect(message).toMatch(/set TIDINGS_ALLOW_PRIVATE_NETWORKS=true/);
    expect(message).toMatch(/private \(10\.x, 172\.16–31\.x, 192\.168\.x\), link-local/);
    expect(lan.requests).toHaveLength(0);
    expect(await database.db.source.count()).toBe(0);
  });

  it("is refused with the same hint when a name resolves to it (checked at dial time)", async () => {
    const result = await subscribe(database.db, strict, {
      userId: await readerId(database.db),
      url: `http://localhost:${local.port}/feed`,
    });
    const message = result.status === "invalid" ? result.message : "";
    expect(message).toMatch(/^Not fetched: localhost resolves to (127\.0\.0\.1|::1), not a public address/);
    expect(message).toMatch(/TIDINGS_ALLOW_PRIVATE_NETWORKS=true/);
    expect(local.requests).toHaveLength(0);
  });
});
