import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startPublisher, feed, rssFeed, status, type Publisher } from "@/tests/helpers/publisher";
import { runCli } from "@/tests/helpers/run-cli";

let database: FreshDatabase;
let publisher: Publisher;
let env: Record<string, string>;

const item = (n: number) => ({
  guid: `urn:cli:${n}`,
  title: `Post ${n}`,
  link: `https://publisher.example/${n}`,
  pubDate: `Mon, 0${n} Jan 2024 10:00:00 GMT`,
});
const SITE_PAGE = (feedPath: string) =>
  `<!doctype html><html><head><title>Site</title><link rel="alternate" type="application/rss+xml" title="The feed" href="${feedPath}"></head><body>hi</body></html>`;

beforeAll(async () => {
  database = await createFreshDatabase();
  publisher = await startPublisher({
    "/feed.xml": feed({ body: rssFeed({ title: "CLI feed", items: [item(2), item(1)] }), etag: '"v1"' }),
    "/site/": feed({ body: SITE_PAGE("/feed.xml"), contentType: "text/html; charset=utf-8" }),
    "/nothing/": feed({
      body: "<!doctype html><html><head></head><body>no feeds</body></html>",
      contentType: "text/html",
    }),
    "/broken.xml": status(500),
  });
  env = { DATABASE_URL: database.url, TIDINGS_ALLOW_PRIVATE_NETWORKS: "true" };
});
afterAll(async () => {
  await publisher.close();
  await database.dispose();
});

describe("tidings add, round and sources", () => {
  it("subscribes through a site page (discovery), then rounds show not_modified, then ok with only the new article", async () => {
    const added = await runCli(["add", publisher.url("/site/")], env);
    expect(added.stderr).toBe("");
    expect(added.stdout).toMatch(
      new RegExp(`^subscribed: source #(\\d+) CLI feed <${publisher.url("/feed.xml")}>, 2 articles`),
    );
    const id = /source #(\d+)/.exec(added.stdout)![1]!;

    const unchanged = await runCli(["round", "--source", id], env);
    expect(unchanged.stdout).toMatch(
      new RegExp(`^#${id} \\S+/feed.xml  not_modified  status=304  new=0  bytes=0`, "m"),
    );
    expect(unchanged.stdout).toMatch(/round \d+: 1 of 1 due sources fetched: ok=0 not_modified=1 error=0 new=0/);

    publisher.setRoute(
      "/feed.xml",
      feed({ body: rssFeed({ title: "CLI feed", items: [item(3), item(2), item(1)] }), etag: '"v2"' }),
    );
    const changed = await runCli(["round", "--source", id], env);
    expect(changed.stdout).toMatch(new RegExp(`^#${id} \\S+/feed.xml  ok  status=200  new=1  bytes=\\d+`, "m"));

    const listed = await runCli(["sources", "--json"], env);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id: Number(id), title: "CLI feed", lastOutcome: "ok", enabled: true }),
    ]);
  });

  it.each([
    ["a duplicate", () => publisher.url("/feed.xml"), /^tidings add: Already subscribed: CLI feed \(source #\d+\)/],
    ["a javascript: URL", () => "javascript:alert(1)", /^tidings add: scheme javascript: is not allowed/],
    ["a file: URL", () => "file:///etc/passwd", /^tidings add: scheme file: is not allowed/],
    [
      "a page without feeds",
      () => publisher.url("/nothing/"),
      /^tidings add: Not a feed, and the page links to no feed/,
    ],
    ["a server error", () => publisher.url("/broken.xml"), /^tidings add: Unreachable: HTTP 500/],
  ])("refuses %s with one clear line, exit 1, and subscribes nothing", async (_label, url, message) => {
    const before = await database.db.source.count();
    const result = await runCli(["add", url()], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(await database.db.source.count()).toBe(before);
  });

  it("refuses private addresses unless TIDINGS_ALLOW_PRIVATE_NETWORKS is on", async () => {
    const result = await runCli(["add", "http://127.0.0.1:9/feed.xml"], { DATABASE_URL: database.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^tidings add: 127\.0\.0\.1 is not a public address/);
  });

  it("rejects bad round arguments with usage and exit 2", async () => {
    const result = await runCli(["round", "--source", "abc"], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--source needs a source id/);
  });
});
