// Atom and RSS in the forms real feeds use: any prefix for the feed's own namespace, link text
// without href, authors read by their parts, dc:author.
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";

const RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
const parseText = (xml: string) =>
  parseFeed({ body: Buffer.from(xml), contentType: null, url: "https://feeds.example.com/feed" });
async function summarise(xml: string) {
  const result = await parseText(xml);
  if (!result.ok) throw new Error(result.detail);
  return {
    title: result.feed.title,
    items: result.feed.items.map(({ title, url, author }) => ({ title, url, author })),
  };
}

describe("the feed's own namespace under any prefix", () => {
  it.each([
    [
      "Atom entries under two prefixes and the default namespace",
      '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:b="http://www.w3.org/2005/Atom" xmlns:c="http://www.w3.org/2005/Atom"><title>T</title>' +
        '<b:entry><b:title>B</b:title><b:link href="/b"/></b:entry><entry><title>D</title></entry><c:entry><c:title>C</c:title></c:entry></feed>',
      ["B", "D", "C"],
    ],
    [
      "Atom 0.3 with a prefixed root",
      '<x:feed version="0.3" xmlns:x="http://purl.org/atom/ns#"><x:title>T</x:title><x:entry><x:title>E</x:title></x:entry></x:feed>',
      ["E"],
    ],
    [
      "RSS 1.0 with a prefixed channel and items",
      `<rdf:RDF xmlns:rdf="${RDF}" xmlns:r="http://purl.org/rss/1.0/"><r:channel><r:title>T</r:title></r:channel><r:item><r:title>I</r:title><r:link>https://x.example/i</r:link></r:item></rdf:RDF>`,
      ["I"],
    ],
    [
      "RSS 0.9 with a prefixed channel and items",
      `<rdf:RDF xmlns:rdf="${RDF}" xmlns:n="http://my.netscape.com/rdf/simple/0.9/"><n:channel><n:title>T</n:title></n:channel><n:item><n:title>I</n:title></n:item></rdf:RDF>`,
      ["I"],
    ],
  ])("%s", async (_name, xml, titles) => {
    const feed = await summarise(xml);
    expect([feed.title, feed.items.map((entry) => entry.title)]).toEqual(["T", titles]);
  });
});

describe("links and authors", () => {
  it("an Atom link without href takes its text; href wins when both are there", async () => {
    const feed = await summarise(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>a</title><link rel="alternate">https://x.example/text</link></entry>' +
        '<entry><title>b</title><link href="https://x.example/href">https://x.example/text</link></entry></feed>',
    );
    expect(feed.items.map((entry) => entry.url)).toEqual(["https://x.example/text", "https://x.example/href"]);
  });

  it("an Atom author is its name, never name and email run together, and not the entry's title", async () => {
    const feed = await summarise(
      '<feed xmlns="http://www.w3.org/2005/Atom"><author><name>Feed Author</name></author>' +
        "<entry><title>Post</title><author>\n  <name>Nia</name>\n  <email>nia@x.example</email>\n  <uri>https://x.example/</uri>\n</author></entry>" +
        "<entry><title>Mail only</title><author><email>only@x.example</email></author></entry>" +
        "<entry><title>Inherits</title></entry></feed>",
    );
    expect(feed.items.map((entry) => entry.author)).toEqual(["Nia", "only@x.example", "Feed Author"]);
  });

  it("RSS: an author written as an Atom person, dc:author, and atom:author", async () => {
    const feed = await summarise(
      '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom"><channel>' +
        "<item><title>1</title><author><name>Nia</name><email>nia@x.example</email></author></item>" +
        "<item><title>2</title><dc:author>Ed Itor</dc:author></item>" +
        "<item><title>3</title><atom:author><atom:name>Ana</atom:name><atom:email>ana@x.example</atom:email></atom:author></item>" +
        "<item><title>4</title><dc:creator>Cre Ator</dc:creator><dc:author>Ed Itor</dc:author></item></channel></rss>",
    );
    expect(feed.items.map((entry) => entry.author)).toEqual(["Nia", "Ed Itor", "Ana", "Cre Ator"]);
  });

  it("Atom: dc:creator and dc:author when there is no author", async () => {
    const feed = await summarise(
      '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><entry><title>a</title><dc:author>D A</dc:author></entry></feed>',
    );
    expect(feed.items[0]?.author).toBe("D A");
  });
});

describe("Content-Location as the base URL", () => {
  const rss = '<rss version="2.0"><channel><item><title>t</title><link>posts/1</link></item></channel></rss>';
  it.each([
    [
      "an absolute same-origin location",
      "https://feeds.example.com/blog/index.xml",
      "https://feeds.example.com/blog/posts/1",
    ],
    ["a relative location, resolved against the feed URL", "/blog/", "https://feeds.example.com/blog/posts/1"],
    ["another origin is ignored", "https://cdn.example.net/blog/", "https://feeds.example.com/posts/1"],
    ["another scheme is another origin", "http://feeds.example.com/blog/", "https://feeds.example.com/posts/1"],
    ["an unparseable location is ignored", "http://[bad/", "https://feeds.example.com/posts/1"],
    ["no header", null, "https://feeds.example.com/posts/1"],
  ])("%s", async (_name, contentLocation, link) => {
    const result = await parseFeed({
      body: Buffer.from(rss),
      contentType: null,
      contentLocation,
      url: "https://feeds.example.com/feed",
    });
    expect(result.ok && result.feed.items[0]?.url).toBe(link);
  });
});

it("RSS: dc:description stands in for a missing description", async () => {
  const result = await parseText(
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><item><title>t</title><dc:description>From DC</dc:description></item></channel></rss>',
  );
  expect(result.ok && result.feed.items[0]?.content).toBe("From DC");
});
