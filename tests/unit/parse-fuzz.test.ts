// Property: whatever happens to the bytes of a real-looking feed, parseFeed returns a valid
// ParseResult (never throws), and no returned HTML can run script.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParseResult } from "@/lib/pipeline/parse/contract/types";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");
const SEEDS = [
  "rss2-blog.xml",
  "atom10-blog.atom",
  "jsonfeed-1.1.json",
  "rss-damaged.xml",
  "rss1-rdf.rdf",
  "rss-bad-items.xml",
].map((name) => readFileSync(path.join(FIXTURES, name)));
// Fragments that hit the parser's decisions: markup, entities, CDATA, DOCTYPEs, hostile HTML.
const TOKENS = [
  "<",
  ">",
  "&",
  "&amp;",
  "&nbsp;",
  "&#0;",
  "]]>",
  "<![CDATA[",
  "<!DOCTYPE x [<!ENTITY a 'b'>]>",
  "<item>",
  "</channel>",
  "<script>alert(1)</script>",
  "&lt;img src=x onerror=alert(1)&gt;",
  '&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt;',
  '<link href="javascript:alert(1)"/>',
  '&lt;p style="color: red; background: url(javascript:alert(1)); position: fixed"&gt;s&lt;/p&gt;',
  ' xml:base="javascript:x"',
  "\u0000",
  "\uFEFF",
  '"',
  "{",
  "}",
  "<html>",
].map((token) => Buffer.from(token));

type Mutation =
  | { kind: "flip"; at: number; byte: number }
  | { kind: "insert"; at: number; bytes: Uint8Array }
  | { kind: "delete"; at: number; length: number }
  | { kind: "truncate"; at: number };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.constantFrom(...TOKENS)),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 32 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

function mutate(seed: Buffer, mutations: Mutation[]): Buffer {
  let bytes = Buffer.from(seed);
  for (const mutation of mutations) {
    const at = bytes.length === 0 ? 0 : mutation.at % bytes.length;
    if (mutation.kind === "flip" && bytes.length > 0) bytes[at] = mutation.byte;
    if (mutation.kind === "insert") bytes = Buffer.concat([bytes.subarray(0, at), mutation.bytes, bytes.subarray(at)]);
    if (mutation.kind === "delete")
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + mutation.length)]);
    if (mutation.kind === "truncate") bytes = bytes.subarray(0, at);
  }
  return bytes;
}

/** Tags that can run script, or attributes that can: on* handlers, script-capable URLs, unsafe styles. */
function findUnsafeMarkup(html: string): string | null {
  if (/<script/i.test(html)) return "<script";
  let problem: string | null = null;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (["script", "style", "object", "embed", "form", "base", "meta", "svg", "math"].includes(name))
        problem ??= `<${name}>`;
      for (const [key, value] of Object.entries(attrs)) {
        if (/^on/i.test(key)) problem ??= `${name}[${key}]`;
        // Styles are kept, but only as allowlisted declarations: nothing that loads, runs or moves.
        if (key === "style" && /url\s*\(|expression|\\|\/\*|position|behavior|binding/i.test(value))
          problem ??= `${name}[style=${value}]`;
        if (["href", "src", "poster", "cite", "srcset"].includes(key) && !/^(https?:|mailto:)/i.test(value.trim()))
          problem ??= `${name}[${key}=${value}]`;
      }
    },
  });
  parser.end(html);
  return problem;
}

function checkResult(result: ParseResult): void {
  if (!result.ok) {
    expect(["not_a_feed", "parse"]).toContain(result.errorKind);
    expect(result.detail.length).toBeGreaterThan(0);
    return;
  }
  expect(["rss", "atom", "json"]).toContain(result.feed.kind);
  for (const item of result.feed.items) {
    expect(typeof item.title).toBe("string");
    if (item.url !== null) expect(item.url).toMatch(/^https?:\/\//);
    if (item.publishedAt !== null) expect(item.publishedAt.getUTCFullYear()).toBeGreaterThanOrEqual(1990);
    for (const enclosure of item.enclosures) expect(enclosure.url).toMatch(/^https?:\/\//);
    for (const html of [item.content, item.summary]) {
      if (html === null) continue;
      expect(html).not.toMatch(/<script/i);
      expect(findUnsafeMarkup(html)).toBeNull();
    }
  }
}

describe("parseFeed under random damage", () => {
  it("never throws, always returns a valid ParseResult, never returns script-capable markup", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: SEEDS.length - 1 }),
        fc.array(mutationArbitrary, { minLength: 1, maxLength: 6 }),
        async (seedIndex, mutations) => {
          const seed = SEEDS[seedIndex] ?? Buffer.alloc(0);
          const result = await parseFeed({
            body: mutate(seed, mutations),
            contentType: null,
            url: "https://feeds.example.com/feed",
          });
          checkResult(result);
        },
      ),
      { numRuns: 300, interruptAfterTimeLimit: 25_000 },
    );
  });

  it("the unmutated seeds all parse", async () => {
    for (const seed of SEEDS) {
      const result = await parseFeed({ body: seed, contentType: null, url: "https://feeds.example.com/feed" });
      expect(result.ok).toBe(true);
      checkResult(result);
    }
  });
});
