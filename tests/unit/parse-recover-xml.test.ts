import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");
const parseText = (xml: string) =>
  parseFeed({ body: Buffer.from(xml), contentType: "application/rss+xml", url: "https://feeds.example.com/feed" });
const rss = (items: string, tail = "</channel></rss>") =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Broken</title>${items}${tail}`;
const ITEM_A = "<item><title>A</title><link>https://feeds.example.com/a</link></item>";
const ITEM_B = "<item><title>B</title><link>https://feeds.example.com/b</link></item>";

async function readOk(xml: string) {
  const result = await parseText(xml);
  if (!result.ok) throw new Error(`expected a feed, got ${result.errorKind}: ${result.detail}`);
  return {
    titles: result.feed.items.map((item) => item.title),
    links: result.feed.items.map((item) => item.url),
    result,
  };
}

describe("a feed the strict parser refuses is read leniently, and flagged", () => {
  it.each([
    {
      name: "the last > of </rss> is missing",
      xml: rss(ITEM_A + ITEM_B, "</channel></rss"),
      flag: "Unclosed root tag (line 1, column 223)",
    },
    {
      name: "the body is cut short after an item",
      xml: rss(ITEM_A + ITEM_B, "<item><title>C"),
      flag: "Unclosed root tag (line 1, column 222)",
    },
    {
      name: "mismatched tags inside an item",
      xml: rss("<item><title>A</title><link>https://feeds.example.com/a</link><b></item>" + ITEM_B),
      flag: "Unexpected close tag (line 1, column 142)",
    },
    {
      name: "a close tag that matches nothing",
      xml: rss(ITEM_A + "</div>" + ITEM_B),
      flag: "Unexpected close tag (line 1, column 145)",
    },
  ])("$name: every readable item is kept", async ({ xml, flag }) => {
    const { titles, links, result } = await readOk(xml);
    expect(titles.slice(0, 2)).toEqual(["A", "B"]);
    expect(links.slice(0, 2)).toEqual(["https://feeds.example.com/a", "https://feeds.example.com/b"]);
    expect(result.reading.xmlRecovery).toBe(`recovered from malformed XML: ${flag}`);
    expect(result.feed.title).toBe("Broken");
  });

  it("an unterminated CDATA section ends with the element it was opened in; later items survive", async () => {
    const { titles, result } = await readOk(
      rss("<item><title>A</title><description><![CDATA[<p>Fish & chips</p></description></item>" + ITEM_B),
    );
    expect(titles).toEqual(["A", "B"]);
    expect(result.feed.items[0]?.summary).toContain("Fish &amp; chips");
    expect(result.reading.xmlRecovery).toMatch(/^recovered from malformed XML: /);
  });

  it.each([
    {
      name: "Atom entries under a prefix other than the root's",
      xml: '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:b="http://www.w3.org/2005/Atom"><title>T</title><b:entry><b:title>One</b:title></b:entry><b:entry><b:title>Two</b:title></b:entry></feed',
    },
    {
      name: "prefixed RSS 1.0 channel and items",
      xml: '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:r="http://purl.org/rss/1.0/"><r:channel><r:title>T</r:title></r:channel><r:item><r:title>One</r:title></r:item><r:item><r:title>Two</r:title></r:item></rdf:RDF',
    },
  ])("recovery reads the same prefixed forms as the strict parse: $name", async ({ xml }) => {
    const { titles, result } = await readOk(xml);
    expect(titles).toEqual(["One", "Two"]);
    expect(result.reading.xmlRecovery).toMatch(/^recovered from malformed XML: /);
  });

  it("a malformed Atom feed keeps its entries, prefixed root included", async () => {
    const xml =
      '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>T</a:title><a:entry><a:title>One</a:title><a:link href="https://x.example/1"/></a:entry><a:entry><a:title>Two</a:title></a:feed';
    const { titles, links, result } = await readOk(xml);
    expect(titles).toEqual(["One", "Two"]);
    expect(links[0]).toBe("https://x.example/1");
    expect(result.feed.kind).toBe("atom");
  });

  it("the truncated fixture keeps its channel title and its half item", async () => {
    const result = await parseFeed({
      body: readFileSync(path.join(FIXTURES, "truncated.xml")),
      contentType: null,
      url: "https://feeds.example.com/feed",
    });
    expect(result.ok && result.feed.title).toBe("Cut short");
    expect(result.ok && result.feed.items.map((item) => item.title)).toEqual(["The body ends mid-"]);
    expect(result.ok && result.reading.xmlRecovery).toBe(
      "recovered from malformed XML: Unclosed root tag (line 6, column 37)",
    );
  });
});

describe("lexical damage is repaired without a flag (it is not structural)", () => {
  it("an unescaped & in a link and HTML entities in text become what the publisher meant", async () => {
    const { titles, links, result } = await readOk(
      rss(
        "<item><title>Caf&eacute; &mdash; Tom&nbsp;&amp;&nbsp;Jerry</title><link>https://feeds.example.com/a?x=1&y=2</link></item>",
      ),
    );
    expect(titles).toEqual(["Café — Tom & Jerry"]);
    expect(links).toEqual(["https://feeds.example.com/a?x=1&y=2"]);
    expect(result.reading.xmlRecovery).toBeNull();
  });

  it("HTML entities are decoded in a feed that also needs recovery", async () => {
    const { titles, result } = await readOk(
      rss("<item><title>d&eacute;j&agrave; vu</title></item>", "</channel></rss"),
    );
    expect(titles).toEqual(["déjà vu"]);
    expect(result.reading.xmlRecovery).not.toBeNull();
  });
});

describe("what recovery never does", () => {
  it("entity declarations stay refused, even in a document that is also malformed", async () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><title>&x;</title><item><title>A</title></channel></rss';
    expect(await parseText(xml)).toEqual({
      ok: false,
      errorKind: "parse",
      detail: "feed declares XML entities (refused: entity expansion risk)",
    });
  });

  it("a document with nothing readable stays a parse error with the strict parser's reason", async () => {
    expect(await parseText("<rss><channel></chanel></rss>")).toEqual({
      ok: false,
      errorKind: "parse",
      detail: "invalid XML: Unexpected close tag (line 1, column 23)",
    });
  });

  // Bounded by the test's timeout, not a timed assertion (the machine may be busy): a recovery
  // that were quadratic in the depth would take minutes here; scripts/bench/parse.ts has the figures.
  it("deep nesting in a malformed feed is bounded", { timeout: 30_000 }, async () => {
    const { titles } = await readOk(
      rss(
        `${ITEM_A}<item><title>deep</title><description>${"<b>".repeat(50_000)}x</description></item>`,
        "</channel></rss",
      ),
    );
    expect(titles[0]).toBe("A");
  });
});
