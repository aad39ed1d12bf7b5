import { describe, expect, it } from "vitest";
import { discoverFeeds } from "@/lib/pipeline/parse/discover-feeds";

const page = (head: string) =>
  `<!doctype html><html><head>${head}</head><body><a href="/feed.xml">feed</a></body></html>`;

describe("discoverFeeds: <link rel=alternate> feeds, absolute, in order, deduped", () => {
  it.each([
    {
      name: "RSS, Atom and JSON Feed links in document order",
      html: page(
        '<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">' +
          '<link rel="alternate" type="application/atom+xml" title="Posts (Atom)" href="https://example.com/atom.xml">' +
          '<link rel="alternate" type="application/feed+json" href="feed.json">',
      ),
      feeds: [
        { url: "https://example.com/feed.xml", title: "Posts", type: "application/rss+xml" },
        { url: "https://example.com/atom.xml", title: "Posts (Atom)", type: "application/atom+xml" },
        { url: "https://example.com/blog/feed.json", title: null, type: "application/feed+json" },
      ],
    },
    {
      name: "<base href> applies, even to links before it",
      html: page(
        '<link rel="alternate" type="application/rss+xml" href="rss"><base href="https://cdn.example.net/site/">',
      ),
      feeds: [{ url: "https://cdn.example.net/site/rss", title: null, type: "application/rss+xml" }],
    },
    {
      name: "duplicates are dropped, the first kept",
      html: page(
        '<link rel="alternate" type="application/rss+xml" title="A" href="/f"><link rel="alternate" type="application/rss+xml" title="B" href="https://example.com/f">',
      ),
      feeds: [{ url: "https://example.com/f", title: "A", type: "application/rss+xml" }],
    },
    {
      name: "rel lists, odd casing and type parameters are understood",
      html: page('<LINK REL="Alternate Feed" TYPE="Application/RSS+XML; charset=utf-8" HREF="/x" TITLE="  X  ">'),
      feeds: [{ url: "https://example.com/x", title: "X", type: "application/rss+xml" }],
    },
    {
      name: "application/json feeds count, WordPress REST links do not",
      html: page(
        '<link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2"><link rel="alternate" type="application/json" href="/feed.json">',
      ),
      feeds: [{ url: "https://example.com/feed.json", title: null, type: "application/json" }],
    },
    {
      name: "stylesheets, other types, missing hrefs and javascript: URLs are ignored",
      html: page(
        '<link rel="stylesheet" href="/s.css"><link rel="alternate" type="text/html" href="/fr/">' +
          '<link rel="alternate" type="application/rss+xml"><link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">',
      ),
      feeds: [],
    },
    {
      name: "entities in attributes are decoded",
      html: page('<link rel="alternate" type="application/rss+xml" title="Q&amp;A" href="/f?a=1&amp;b=2">'),
      feeds: [{ url: "https://example.com/f?a=1&b=2", title: "Q&A", type: "application/rss+xml" }],
    },
    { name: "a page without feeds", html: "<p>nothing here", feeds: [] },
  ])("$name", ({ html, feeds }) => {
    expect(discoverFeeds(html, "https://example.com/blog/")).toEqual(feeds);
  });
});
