import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";
import type { ParsedItem, ParseResult } from "@/lib/pipeline/parse/contract/types";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds");
const parseFixture = (name: string) =>
  parseFeed({
    body: readFileSync(path.join(FIXTURES, name)),
    contentType: "application/feed+json",
    url: `https://feeds.example.com/${name}`,
  });
const parseJson = (json: unknown) =>
  parseFeed({
    body: Buffer.from(JSON.stringify(json)),
    contentType: "application/json",
    url: "https://feeds.example.com/feed.json",
  });

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

describe("JSON Feed", () => {
  it("1.1: authors[], attachments, content_html sanitized, content_text escaped, non-object items skipped", async () => {
    expect(await parseFixture("jsonfeed-1.1.json")).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "json",
        title: "Pocket Radio",
        siteUrl: "https://radio.example.com/",
        iconUrl: null,
        ttlSeconds: null,
        items: [
          item({
            guid: "ep-12",
            url: "https://radio.example.com/episodes/12",
            title: "Episode 12: Lighthouses",
            author: "Orla",
            summary: "Lighthouses &amp; their keepers",
            content:
              '<p>We visit <a href="https://radio.example.com/places/fanad" rel="noopener noreferrer nofollow" target="_blank">Fanad Head</a>.</p>',
            publishedAt: new Date("2024-02-29T18:30:00Z"),
            enclosures: [{ url: "https://radio.example.com/audio/ep12.mp3", type: "audio/mpeg", length: 31457280 }],
          }),
          item({
            guid: "11",
            url: "https://elsewhere.example.org/story",
            title: "Link: a story elsewhere",
            author: "Pocket Radio team",
            summary: "Worth a read. Second paragraph &lt;not markup&gt;.",
            content: "<p>Worth a read.</p><p>Second paragraph &lt;not markup&gt;.</p>",
            publishedAt: new Date("2024-02-20T10:00:00Z"),
          }),
          item({ guid: "ep-10", title: "Episode 10", author: "Pocket Radio team" }),
        ],
      },
    });
  });

  it("1.0: a single author object, no title", async () => {
    expect(await parseFixture("jsonfeed-1.0.json")).toEqual<ParseResult>({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "json",
        title: "Tiny Notes",
        siteUrl: "https://tiny.example.net/",
        iconUrl: null,
        ttlSeconds: null,
        items: [
          item({
            guid: "1",
            url: "https://tiny.example.net/1",
            author: "T. Nguyen",
            summary: "First note",
            content: "<p>First note</p>",
            publishedAt: new Date("2020-01-01T07:59:59Z"),
          }),
        ],
      },
    });
  });

  it.each([
    {
      name: "JSON without a jsonfeed.org version",
      json: { version: "1", items: [] },
      kind: "not_a_feed",
      detail: "JSON without a jsonfeed.org version: not a JSON Feed",
    },
    { name: "an array", json: [1, 2], kind: "not_a_feed", detail: "the body is neither XML nor a JSON Feed" },
  ])("$name is not a feed", async ({ json, kind, detail }) => {
    expect(await parseJson(json)).toEqual({ ok: false, errorKind: kind, detail });
  });

  it("a truncated JSON Feed is a parse error", async () => {
    const body = Buffer.from('{"version":"https://jsonfeed.org/version/1.1","title":"Cut');
    const result = await parseFeed({ body, contentType: null, url: "https://x.example/" });
    expect(result.ok === false && result.errorKind).toBe("parse");
    expect(result.ok === false && result.detail).toMatch(/^invalid JSON Feed: /);
  });

  it("items that are not an array mean an empty feed; wrong-typed fields are ignored", async () => {
    expect(await parseJson({ version: "https://jsonfeed.org/version/1.1", title: 7, items: "nope" })).toEqual({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: { kind: "json", title: null, siteUrl: null, iconUrl: null, ttlSeconds: null, items: [] },
    });
    const result = await parseJson({
      version: "https://jsonfeed.org/version/1",
      items: [
        {
          id: { x: 1 },
          url: 5,
          title: ["t"],
          attachments: [{ url: "javascript:x" }, { url: "/ok", size_in_bytes: -1 }],
        },
      ],
    });
    expect(result).toEqual({
      ok: true,
      reading: expect.objectContaining({ xmlRecovery: null }),
      feed: {
        kind: "json",
        title: null,
        siteUrl: null,
        iconUrl: null,
        ttlSeconds: null,
        items: [item({ enclosures: [{ url: "https://feeds.example.com/ok", type: null, length: null }] })],
      },
    });
  });
});
