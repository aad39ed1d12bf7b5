import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");
const parseBytes = (body: Buffer, contentType: string | null = null) =>
  parseFeed({ body, contentType, url: "https://feeds.example.com/feed" });
const parseFixture = (name: string) => parseBytes(readFileSync(path.join(FIXTURES, name)));

const HTML_PAGE = { ok: false, errorKind: "not_a_feed", detail: "the server sent an HTML page, not a feed" };
const ENTITIES = {
  ok: false,
  errorKind: "parse",
  detail: "feed declares XML entities (refused: entity expansion risk)",
};

describe("failures are classified values, never exceptions", () => {
  it.each([
    { name: "an HTML page", body: readFileSync(path.join(FIXTURES, "html-page.html")), expected: HTML_PAGE },
    {
      name: "HTML without a doctype",
      body: Buffer.from("\n<html><head><title>x</title></head></html>"),
      expected: HTML_PAGE,
    },
    {
      name: "XHTML",
      body: Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'),
      expected: HTML_PAGE,
    },
    {
      name: "an empty body",
      body: Buffer.alloc(0),
      expected: { ok: false, errorKind: "not_a_feed", detail: "the response body is empty" },
    },
    {
      name: "whitespace only",
      body: Buffer.from(" \n\t "),
      expected: { ok: false, errorKind: "not_a_feed", detail: "the response body is empty" },
    },
    {
      name: "plain text",
      body: Buffer.from("Service temporarily unavailable"),
      expected: { ok: false, errorKind: "not_a_feed", detail: "the body is neither XML nor a JSON Feed" },
    },
    {
      name: "some other XML vocabulary",
      body: Buffer.from("<?xml version='1.0'?><urlset><url/></urlset>"),
      expected: {
        ok: false,
        errorKind: "not_a_feed",
        detail: "the document's root element is <urlset>, not rss, rdf:RDF or feed",
      },
    },
    {
      name: "a prolog with no element",
      body: Buffer.from('<?xml version="1.0"?><!-- nothing -->'),
      expected: { ok: false, errorKind: "parse", detail: "invalid XML: no root element" },
    },
    {
      name: "a broken feed with nothing to keep",
      body: Buffer.from("<rss><channel></chanel></rss>"),
      expected: { ok: false, errorKind: "parse", detail: "invalid XML: Unexpected close tag (line 1, column 23)" },
    },
  ])("$name", async ({ body, expected }) => {
    expect(await parseBytes(body)).toEqual(expected);
  });

  it("a billion-laughs document is refused in milliseconds, before any expansion", async () => {
    const started = performance.now();
    const result = await parseFixture("billion-laughs.xml");
    const elapsed = performance.now() - started;
    expect(result).toEqual(ENTITIES);
    // Expanding the entities would take far longer than this (and gigabytes); the bound is loose so
    // that a busy machine cannot fail it.
    expect(elapsed).toBeLessThan(2000);
  });

  it("an external entity (XXE: SYSTEM file:///etc/passwd) is refused and nothing is read", async () => {
    expect(await parseFixture("xxe.xml")).toEqual(ENTITIES);
  });

  it("a huge internal subset is refused without building anything (flat memory)", async () => {
    const subset = '<!ENTITY a "x">'.repeat(200_000);
    const body = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE rss [${subset}]><rss><channel><title>&a;</title></channel></rss>`,
    );
    const started = performance.now();
    expect(await parseBytes(body)).toEqual(ENTITIES);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
