import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import { repairXml } from "@/lib/pipeline/parse/xml/repair-xml";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");

describe("recoverable damage is repaired before the strict parser sees it", () => {
  it.each([
    { name: "a bare & becomes &amp;", input: "<t>Q&A and a=1&b=2</t>", output: "<t>Q&amp;A and a=1&amp;b=2</t>" },
    {
      name: "XML's own entities are kept",
      input: "<t>&amp; &lt; &gt; &quot; &apos;</t>",
      output: "<t>&amp; &lt; &gt; &quot; &apos;</t>",
    },
    {
      name: "HTML named entities become numeric",
      input: "<t>a&nbsp;b&mdash;c&eacute;</t>",
      output: "<t>a&#160;b&#8212;c&#233;</t>",
    },
    { name: "an unknown entity is escaped", input: "<t>&bogus; &notit;</t>", output: "<t>&amp;bogus; &amp;notit;</t>" },
    {
      name: "numeric references to illegal characters become U+FFFD",
      input: "<t>&#0;&#x1;&#xD800;</t>",
      output: "<t>&#xFFFD;&#xFFFD;&#xFFFD;</t>",
    },
    {
      name: "numeric references to C1 controls become windows-1252 punctuation",
      input: "<t>don&#146;t</t>",
      output: "<t>don&#8217;t</t>",
    },
    {
      name: "valid numeric references are kept",
      input: "<t>&#233;&#xE9;&#x1F600;</t>",
      output: "<t>&#233;&#xE9;&#x1F600;</t>",
    },
    {
      name: "control characters illegal in XML 1.0 are removed",
      input: "<t>a\u0000b\u0008c\u000Bd\u001Fe\tf\n</t>",
      output: "<t>abcde\tf\n</t>",
    },
    {
      name: "whitespace and a BOM before the declaration are removed",
      input: "\n \uFEFF<?xml version='1.0'?><t/>",
      output: "<?xml version='1.0'?><t/>",
    },
    {
      name: "UTF-8 escaped byte by byte after a Latin-1 decode is undone",
      input: "<t>&#226;&#128;&#166; &acirc;&#128;&brvbar; caf&#xC3;&#xA9;</t>",
      output: "<t>&#8230; &#8230; caf&#233;</t>",
    },
    {
      name: "references that are not UTF-8 bytes stay as they are",
      input: "<t>&eacute;&eacute; &#233;&#8212; &#195;x &amp;&amp;</t>",
      output: "<t>&#233;&#233; &#233;&#8212; &#195;x &amp;&amp;</t>",
    },
    {
      name: "CDATA sections stay literal",
      input: "<t>&nbsp;<![CDATA[R&D &nbsp; <b>]]>&</t>",
      output: "<t>&#160;<![CDATA[R&D &nbsp; <b>]]>&amp;</t>",
    },
  ])("$name", ({ input, output }) => {
    expect(repairXml(input)).toBe(output);
  });

  it("a feed with every kind of damage still parses", async () => {
    const result = await parseFeed({
      body: readFileSync(path.join(FIXTURES, "rss-damaged.xml")),
      contentType: null,
      url: "https://qa.example.com/feed",
    });
    expect(result).toEqual({
      ok: true,
      reading: { encoding: "utf-8", encodingSource: "utf8-valid", xmlRecovery: null }, // lexical repairs are not "recovery"
      feed: {
        kind: "rss",
        title: "Q&A Weekly — issue 7",
        siteUrl: "https://qa.example.com/?issue=7&page=1",
        iconUrl: null,
        ttlSeconds: null,
        items: [
          {
            guid: null,
            url: "https://qa.example.com/a?x=1&y=2",
            title: "Tom & Jerry said hello &bogus; © 2024",
            author: null,
            summary: "Café … R&amp;D stays literal",
            content: "Café … <b>R&amp;D</b> \u00A0 stays literal",
            publishedAt: null,
            enclosures: [],
          },
        ],
      },
    });
  });
});
