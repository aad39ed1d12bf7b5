import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParsedItem, ParseResult } from "@/lib/pipeline/parse/contract/types";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");
const parseFixture = (name: string) =>
  parseFeed({
    body: readFileSync(path.join(FIXTURES, name)),
    contentType: null,
    url: `https://feeds.example.com/${name}`,
  });
const parseAtom = (inner: string, rootAttrs = "") =>
  parseFeed({
    body: Buffer.from(`<feed xmlns="http://www.w3.org/2005/Atom"${rootAttrs}>${inner}</feed>`),
    contentType: "application/atom+xml",
    url: "https://feeds.example.com/atom",
  });

const A_LINK = 'rel="noopener noreferrer nofollow" target="_blank"';
const IMG = 'loading="lazy" referrerpolicy="no-referrer"';
const item = (fields: Partial<ParsedItem>): ParsedItem => ({
  guid: null,
  url: null,
  title: "",
  author: null,
  summary: null,
  content: null,
  publishedAt: null,
  enclosures: [],
  ...fields,
});

describe("Atom 1.0", () => {
  it("xml:base, an xhtml title, a bad <published> and author inheritance are all handled", async () => {
    expect(await parseFixture("atom10-blog.atom")).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "atom",
        title: "Plain and Simple",
        siteUrl: "https://blog.example.com/",
        iconUrl: null,
        ttlSeconds: null,
        items: [
          item({
            guid: "tag:blog.example.com,2024:tables",
            url: "https://blog.example.com/posts/2024/tables.html",
            title: "Tables <are> back",
            author: "Kim Oduya",
            summary: "<p>Why &lt;table&gt; is fine.</p>",
            content: `<p>See <a href="https://blog.example.com/about/" ${A_LINK}>about</a> and <img src="https://blog.example.com/posts/2024/chart.png" alt="chart" ${IMG} />.</p>`,
            // <published> is garbage ("Invalid time value" in bare rss-parser): <updated> stands in.
            publishedAt: new Date("2024-03-30T13:15:00Z"),
            enclosures: [{ url: "https://cdn.example.com/tables.pdf", type: "application/pdf", length: 20480 }],
          }),
          item({
            guid: "tag:blog.example.com,2024:second",
            url: "https://blog.example.com/posts/second",
            title: "Second entry",
            author: "Guest Writer",
            summary: "Hello",
            content: "<p>Hello</p>",
            publishedAt: new Date("2024-01-10T07:00:00Z"),
          }),
        ],
      },
    });
  });

  it("Atom 0.3: escaped-mode titles, base64 content, issued dates", async () => {
    expect(await parseFixture("atom03-legacy.atom")).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "atom",
        title: "Legacy Atom",
        siteUrl: "http://legacy.example.com/",
        iconUrl: null,
        ttlSeconds: null,
        items: [
          item({
            guid: "tag:legacy.example.com,2004:b64",
            url: "http://legacy.example.com/b64",
            title: "Base64 content",
            summary: "Hello world",
            content: "<p>Hello <b>world</b></p>",
            publishedAt: new Date("2004-05-31T09:00:00Z"),
          }),
        ],
      },
    });
  });

  it.each([
    {
      name: "type=text keeps brackets literally",
      xml: '<title type="text">History of the &lt;blink&gt; tag</title>',
      title: "History of the <blink> tag",
    },
    {
      name: "type=html strips tags",
      xml: '<title type="html">Example &lt;b&gt;Atom&lt;/b&gt;</title>',
      title: "Example Atom",
    },
    {
      name: "type=xhtml reads the div's text in order",
      xml: '<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <b>bold</b> <i>move</i></div></title>',
      title: "A bold move",
    },
    { name: "type='' is text", xml: '<title type="">evil</title>', title: "evil" },
    {
      name: "base64 of a binary type is decoded",
      xml: '<title type="application/octet-stream">RXhhbXBsZSBBdG9t</title>',
      title: "Example Atom",
    },
  ])("title: $name", async ({ xml, title }) => {
    const result = await parseAtom(`<entry>${xml}</entry>`);
    expect(result.ok && result.feed.items[0]?.title).toBe(title);
  });

  it.each([
    {
      name: "rel=alternate with an HTML type is preferred",
      links:
        '<link rel="related" href="/r"/><link rel="alternate" type="application/pdf" href="/pdf"/><link rel="alternate" type="text/html" href="/html"/>',
      url: "https://feeds.example.com/html",
    },
    {
      name: "a link without rel is the alternate",
      links: '<link href="/plain"/>',
      url: "https://feeds.example.com/plain",
    },
    {
      name: "an enclosure link without href doesn't count",
      links: '<link rel="enclosure" type="text/html"/><link rel="alternate" href="/a"/>',
      url: "https://feeds.example.com/a",
    },
    {
      name: "an attribute-less link (a TypeError in bare rss-parser) is skipped",
      links: '<link/><link href="/ok"/>',
      url: "https://feeds.example.com/ok",
    },
    {
      name: "nested xml:base on the link itself applies",
      links: '<link xml:base="https://other.example/dir/" href="page"/>',
      url: "https://other.example/dir/page",
    },
  ])("link: $name", async ({ links, url }) => {
    const result = await parseAtom(`<entry>${links}</entry>`);
    expect(result.ok && result.feed.items[0]?.url).toBe(url);
  });

  it.each([
    {
      name: "published first",
      xml: "<updated>2024-01-02T00:00:00Z</updated><published>2024-01-01T00:00:00Z</published>",
      date: "2024-01-01T00:00:00Z",
    },
    {
      name: "updated when published is missing",
      xml: "<updated>2024-01-02T00:00:00Z</updated>",
      date: "2024-01-02T00:00:00Z",
    },
    {
      name: "updated when published is garbage",
      xml: "<published>soon</published><updated>2024-01-02T00:00:00Z</updated>",
      date: "2024-01-02T00:00:00Z",
    },
    { name: "null when every date is garbage", xml: "<published>soon</published><updated>later</updated>", date: null },
  ])("date: $name", async ({ xml, date }) => {
    const result = await parseAtom(`<entry><title>t</title>${xml}</entry><entry><title>still here</title></entry>`);
    expect(result.ok && result.feed.items.map((entry) => entry.publishedAt)).toEqual([
      date === null ? null : new Date(date),
      null,
    ]);
  });

  it("an Atom feed under another default namespace (pre-1.0 drafts) still reads its titles", async () => {
    const result = await parseFeed({
      body: Buffer.from('<feed version="0.3" xmlns="http://purl.org/pie/"><title>Pie</title></feed>'),
      contentType: null,
      url: "https://x.example/",
    });
    expect(result.ok && result.feed.title).toBe("Pie");
  });

  it("a prefixed Atom document (atom:feed) is recognised", async () => {
    const xml =
      '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>Prefixed</a:title><a:entry><a:title>E</a:title><a:id>1</a:id></a:entry></a:feed>';
    const result = await parseFeed({ body: Buffer.from(xml), contentType: null, url: "https://x.example/" });
    expect(result.ok && [result.feed.title, result.feed.items.map((entry) => entry.title)]).toEqual([
      "Prefixed",
      ["E"],
    ]);
  });

  it("out-of-line content (src=) is not inline content", async () => {
    const result = await parseAtom('<entry><content src="https://x.example/full"/><summary>s</summary></entry>');
    expect(result.ok && [result.feed.items[0]?.content, result.feed.items[0]?.summary]).toEqual([null, "<p>s</p>"]);
  });

  it.each([
    ["base64 HTML without a type is HTML", '<content mode="base64">PHA+SGk8L3A+</content>', "<p>Hi</p>"],
    [
      "base64 bytes of a binary type that read as HTML are HTML",
      '<content type="application/octet-stream">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</content>',
      "Example <b>Atom</b>",
    ],
    [
      "base64 declared text/plain stays text",
      '<content type="text/plain" mode="base64">PHA+SGk8L3A+</content>',
      "<p>&lt;p&gt;Hi&lt;/p&gt;</p>",
    ],
  ])("%s", async (_name, content, expected) => {
    const result = await parseAtom(`<entry>${content}</entry>`);
    expect(result.ok && result.feed.items[0]?.content).toBe(expected);
  });

  it("Atom 0.3 inline XML keeps its div (only Atom 1.0's xhtml div is a wrapper)", async () => {
    const xhtml = '<div xmlns="http://www.w3.org/1999/xhtml">Example <b>Atom</b></div>';
    const old = await parseFeed({
      body: Buffer.from(
        `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><summary type="application/xhtml+xml" mode="xml">${xhtml}</summary></entry></feed>`,
      ),
      contentType: null,
      url: "https://feeds.example.com/atom03",
    });
    const current = await parseAtom(`<entry><summary type="xhtml">${xhtml}</summary></entry>`);
    expect([old.ok && old.feed.items[0]?.summary, current.ok && current.feed.items[0]?.summary]).toEqual([
      "<div>Example <b>Atom</b></div>",
      "Example <b>Atom</b>",
    ]);
  });
});
