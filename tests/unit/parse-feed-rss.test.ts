import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParsedItem, ParseResult } from "@/lib/pipeline/parse/contract/types";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");
const parseFixture = (name: string, url = `https://feeds.example.com/${name}`) =>
  parseFeed({ body: readFileSync(path.join(FIXTURES, name)), contentType: null, url });
const parseText = (xml: string) =>
  parseFeed({ body: Buffer.from(xml), contentType: "application/rss+xml", url: "https://feeds.example.com/feed" });

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

describe("RSS 2.0", () => {
  it("a blog feed is normalised: plain titles, absolute links, sanitized content, dates, enclosures, ttl", async () => {
    expect(await parseFixture("rss2-blog.xml")).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "rss",
        title: "Field Notes & Sketches",
        siteUrl: "https://notes.example.org/",
        iconUrl: null,
        ttlSeconds: 90 * 60,
        items: [
          item({
            guid: "notes-2024-0042",
            url: "https://notes.example.org/2024/03/night-trains/",
            title: "Night trains, revisited",
            author: "Ada Lindqvist",
            summary: "A short return to the sleeper from Vienna.",
            content:
              `<p>The sleeper leaves at <strong>21:05</strong>. <a href="https://feeds.example.com/2023/09/first-trip/" ${A_LINK}>Last time</a> it was late.</p>\n` +
              `<p><img src="https://feeds.example.com/images/couchette.jpg" alt="A couchette" width="640" height="480" ${IMG} /></p>`,
            publishedAt: new Date("2024-03-16T20:05:00Z"),
            enclosures: [
              { url: "https://feeds.example.com/audio/night-trains.mp3", type: "audio/mpeg", length: 4821377 },
            ],
          }),
          item({
            guid: "https://notes.example.org/?p=41",
            url: "https://notes.example.org/2024/02/maps/",
            title: "Maps I keep coming back to",
            author: "Ada Lindqvist",
            summary: "Three maps, one favourite.",
            content: "<p>Three maps, one <em>favourite</em>.</p>",
            publishedAt: new Date("2024-02-05T08:00:00Z"),
          }),
        ],
      },
    });
  });

  it.each([
    {
      name: "guid is the permalink when isPermaLink is absent",
      xml: "<guid>https://a.example/p/1</guid>",
      url: "https://a.example/p/1",
    },
    {
      name: "guid is not a link when isPermaLink=false",
      xml: '<guid isPermaLink="false">https://a.example/p/1</guid>',
      url: null,
    },
    {
      name: "link wins over a permalink guid",
      xml: "<link>https://a.example/l</link><guid>https://a.example/g</guid>",
      url: "https://a.example/l",
    },
    { name: "a relative guid is never taken for a link", xml: "<guid>12345</guid>", url: null },
    {
      name: "atom:link alternate is used when <link> is missing",
      xml: '<atom:link rel="alternate" href="/alt"/>',
      url: "https://feeds.example.com/alt",
    },
    { name: "a javascript: link is dropped", xml: "<link>javascript:alert(1)</link>", url: null },
  ])("$name", async ({ xml, url }) => {
    const result = await parseText(
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><item>${xml}</item></channel></rss>`,
    );
    expect(result.ok && result.feed.items[0]?.url).toBe(url);
  });

  it.each([
    {
      name: "title with escaped markup becomes plain text",
      xml: "<title>Hello &lt;b&gt;World&lt;/b&gt;</title>",
      title: "Hello World",
    },
    {
      name: "double-escaped entities are decoded once more",
      xml: "<title>Fish &amp;amp; Chips</title>",
      title: "Fish & Chips",
    },
    { name: "a lone < is text, not a tag", xml: "<title>1 &lt; 2</title>", title: "1 < 2" },
    { name: "whitespace collapses", xml: "<title>\n  Spread\n\t out  </title>", title: "Spread out" },
    {
      name: "dc:title stands in for a missing title",
      xml: '<dc:title xmlns:dc="http://purl.org/dc/elements/1.1/">DC</dc:title>',
      title: "DC",
    },
    {
      name: "script text never reaches a title",
      xml: "<title>safe&lt;script&gt;alert(1)&lt;/script&gt; text</title>",
      title: "safe text",
    },
  ])("$name", async ({ xml, title }) => {
    const result = await parseText(`<rss version="2.0"><channel><item>${xml}</item></channel></rss>`);
    expect(result.ok && result.feed.items[0]?.title).toBe(title);
  });

  it.each([
    {
      name: "RSS author with name in parentheses",
      xml: "<author>jo@example.com (Jo March)</author>",
      author: "Jo March",
    },
    {
      name: "name with an address in angle brackets",
      xml: "<author>Jo March &lt;jo@example.com&gt;</author>",
      author: "Jo March",
    },
    {
      name: "dc:creator first",
      xml: '<author>x@example.com (X)</author><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Amy</dc:creator>',
      author: "Amy",
    },
  ])("$name", async ({ xml, author }) => {
    const result = await parseText(`<rss version="2.0"><channel><item>${xml}</item></channel></rss>`);
    expect(result.ok && result.feed.items[0]?.author).toBe(author);
  });

  it.each([
    { name: "ttl in minutes", xml: "<ttl>30</ttl>", ttl: 1800 },
    {
      name: "sy:updatePeriod daily / frequency 4",
      xml: "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency>",
      ttl: 21600,
    },
    { name: "sy:updatePeriod weekly, no frequency", xml: "<sy:updatePeriod>weekly</sy:updatePeriod>", ttl: 604800 },
    { name: "ttl wins over sy", xml: "<ttl>5</ttl><sy:updatePeriod>yearly</sy:updatePeriod>", ttl: 300 },
    { name: "nonsense ttl is ignored", xml: "<ttl>soon</ttl>", ttl: null },
    { name: "zero ttl is ignored", xml: "<ttl>0</ttl>", ttl: null },
  ])("$name", async ({ xml, ttl }) => {
    const result = await parseText(
      `<rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel>${xml}</channel></rss>`,
    );
    expect(result.ok && result.feed.ttlSeconds).toBe(ttl);
  });

  it("one bad item (no title, javascript: link, absurd dates, broken enclosures) never loses the good ones", async () => {
    const result = await parseFixture("rss-bad-items.xml");
    expect(result).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "rss",
        title: "Mixed quality",
        siteUrl: "https://mixed.example.com/",
        iconUrl: null,
        ttlSeconds: null,
        items: [
          item({
            url: "https://mixed.example.com/good-1",
            title: "Good one",
            publishedAt: new Date("2024-05-01T12:00:00Z"),
          }),
          item({ content: `<img src="https://feeds.example.com/x" ${IMG} />` }),
          item({}),
          item({
            url: "https://feeds.example.com/good-2",
            title: "Good two",
            publishedAt: new Date("2024-05-02T12:00:00Z"),
          }),
        ],
      },
    });
  });

  it.each([
    {
      name: "a module bound to an unusual prefix",
      xml: '<rss xmlns:x="http://purl.org/dc/elements/1.1/"><channel><item><x:creator>Bo</x:creator></item></channel></rss>',
      author: "Bo",
    },
    {
      name: "an undeclared dc: prefix (lenient)",
      xml: "<rss><channel><item><dc:creator>Cy</dc:creator></item></channel></rss>",
      author: "Cy",
    },
    {
      name: "a foreign namespace spelled dc: is not Dublin Core",
      xml: '<rss xmlns:dc="urn:other"><channel><item><dc:creator>No</dc:creator></item></channel></rss>',
      author: "No",
    },
  ])("namespaces: $name", async ({ xml, author }) => {
    const result = await parseText(xml);
    expect(result.ok && result.feed.items[0]?.author).toBe(author);
  });

  it("xml:base on the channel and item applies to links, enclosures and content", async () => {
    const result = await parseText(
      '<rss version="2.0" xml:base="https://a.example/root/"><channel xml:base="feed/"><link>./</link>' +
        '<item xml:base="https://b.example/i/"><link>p.html</link><enclosure url="e.mp3" type="audio/mpeg"/>' +
        '<description>&lt;img src="x.png"&gt;</description></item></channel></rss>',
    );
    expect(result.ok && result.feed.siteUrl).toBe("https://a.example/root/feed/");
    expect(result.ok && result.feed.items[0]).toEqual(
      item({
        url: "https://b.example/i/p.html",
        content: `<img src="https://b.example/i/x.png" ${IMG} />`,
        summary: null,
        enclosures: [{ url: "https://b.example/i/e.mp3", type: "audio/mpeg", length: null }],
      }),
    );
  });

  it("items directly under <rss>, without a <channel>, are still read", async () => {
    const result = await parseText("<rss><item><title>Orphan</title></item></rss>");
    expect(result).toEqual({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "rss",
        title: null,
        siteUrl: null,
        iconUrl: null,
        ttlSeconds: null,
        items: [item({ title: "Orphan" })],
      },
    });
  });

  it("an empty channel is a feed with no items", async () => {
    expect(await parseText('<rss version="2.0"><channel/></rss>')).toEqual({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: { kind: "rss", title: null, siteUrl: null, iconUrl: null, ttlSeconds: null, items: [] },
    });
  });
});

describe("RSS 0.91 and RSS 1.0 (RDF)", () => {
  it("RSS 0.91 with the Netscape DOCTYPE (an external DTD, not entity declarations) parses", async () => {
    expect(await parseFixture("rss091-netscape.xml")).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "rss",
        title: "Old Town Gazette",
        siteUrl: "http://gazette.example.com/",
        iconUrl: null,
        ttlSeconds: null,
        items: [
          item({
            url: "http://gazette.example.com/stories/bridge.html",
            title: "Bridge reopens",
            summary: "The footbridge reopens on Monday.",
            content: "The footbridge reopens on Monday.",
          }),
          item({ url: "https://feeds.example.com/stories/market.html", title: "Market moves" }),
        ],
      },
    });
  });

  it("RSS 1.0: items are siblings of the channel, rdf:about is the guid, dc:date and sy:* are read", async () => {
    expect(await parseFixture("rss1-rdf.rdf")).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "rss",
        title: "Planet Example",
        siteUrl: "http://planet.example.net/",
        iconUrl: null,
        ttlSeconds: 1800,
        items: [
          item({
            guid: "http://planet.example.net/a",
            url: "http://planet.example.net/a",
            title: "First post",
            author: "Sam",
            summary: "Hello from Sam",
            content: "Hello from <b>Sam</b>",
            publishedAt: new Date("2023-11-02T10:20:30Z"),
          }),
          item({
            guid: "http://planet.example.net/b",
            url: "http://planet.example.net/b",
            title: "Second post",
            publishedAt: new Date("2023-11-03T00:00:00Z"),
          }),
        ],
      },
    });
  });

  it("a minimal RSS 0.90 document without a channel (a TypeError in bare rss-parser) parses", async () => {
    expect(await parseFixture("rss090-minimal.rdf")).toEqual({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "rss",
        title: null,
        siteUrl: null,
        iconUrl: null,
        ttlSeconds: null,
        items: [item({ url: "http://old.example.com/item", title: "Only an item" })],
      },
    });
  });

  it.each([
    ["description then summary", "<description>D</description><summary>S</summary>", { summary: "D", content: "S" }],
    ["summary then description", "<summary>S</summary><description>D</description>", { summary: "S", content: "D" }],
    ["summary alone, as description alone", "<summary>S</summary>", { summary: "S", content: "S" }],
    [
      "with content:encoded, the first is the summary",
      "<summary>S</summary><description>D</description><content:encoded>C</content:encoded>",
      { summary: "S", content: "C" },
    ],
  ])("an RSS <summary> is read as description is: %s", async (_name, fields, expected) => {
    const result = await parseText(
      `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><item><title>t</title>${fields}</item></channel></rss>`,
    );
    const parsed = result.ok ? result.feed.items[0] : undefined;
    expect({ summary: parsed?.summary, content: parsed?.content }).toEqual(expected);
  });
});
