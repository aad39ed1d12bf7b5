import { describe, expect, it } from "vitest";
import { capItemId, computeContentHash, computeDedupeKey } from "@/lib/pipeline/parse/items/dedupe-key";
import { capFeedTexts } from "@/lib/pipeline/parse/items/cap-feed-texts";
import { MAX_ITEM_ID_LENGTH, MAX_ITEM_URL_LENGTH } from "@/lib/base/text-limits";
import type { ParsedItem } from "@/lib/pipeline/parse/contract/types";

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
const sha256Hex = /^[0-9a-f]{64}$/;

describe("computeDedupeKey: guid, else canonical link, else a content hash", () => {
  it.each([
    { name: "guid wins over the link", item: item({ guid: "abc-1", url: "https://x.example/a" }), key: "guid:abc-1" },
    {
      name: "a URL-looking guid is still a guid",
      item: item({ guid: "https://x.example/?p=1" }),
      key: "guid:https://x.example/?p=1",
    },
    { name: "link when there is no guid", item: item({ url: "https://x.example/a" }), key: "url:https://x.example/a" },
    {
      name: "the fragment is not part of the identity",
      item: item({ url: "https://x.example/a#comments" }),
      key: "url:https://x.example/a",
    },
    {
      name: "utm_* campaign tags are dropped",
      item: item({ url: "https://x.example/a?id=7&utm_source=rss&UTM_medium=feed" }),
      key: "url:https://x.example/a?id=7",
    },
    {
      name: "a percent-encoded utm_ tag is dropped too",
      item: item({ url: "https://x.example/a?id=7&%75tm_source=rss" }),
      key: "url:https://x.example/a?id=7",
    },
    {
      name: "other query parameters are kept as written",
      item: item({ url: "https://x.example/a?q=a%20b&x=1" }),
      key: "url:https://x.example/a?q=a%20b&x=1",
    },
  ])("$name", ({ item: parsed, key }) => {
    expect(computeDedupeKey(parsed)).toBe(key);
  });

  it("without guid and link, the key hashes title, date and content", () => {
    const base = item({ title: "T", publishedAt: new Date("2024-01-01T00:00:00Z"), content: "<p>c</p>" });
    const key = computeDedupeKey(base);
    expect(key).toMatch(/^hash:[0-9a-f]{64}$/);
    expect(computeDedupeKey({ ...base })).toBe(key);
    expect(computeDedupeKey({ ...base, title: "T2" })).not.toBe(key);
    expect(computeDedupeKey({ ...base, publishedAt: null })).not.toBe(key);
    expect(computeDedupeKey({ ...base, content: "<p>d</p>" })).not.toBe(key);
  });

  it("a very long guid is hashed so keys stay indexable", () => {
    const key = computeDedupeKey(item({ guid: "g".repeat(5000) }));
    expect(key).toMatch(/^guid:sha256:[0-9a-f]{64}$/);
    expect(key).not.toBe(computeDedupeKey(item({ guid: "g".repeat(5001) })));
  });

  it("a very long link is hashed in the key too (PostgreSQL refused the row before)", () => {
    const url = `https://x.example/a?q=${"y".repeat(3000)}`;
    expect(computeDedupeKey(item({ url }))).toMatch(/^url:sha256:[0-9a-f]{64}$/);
    expect(computeDedupeKey(item({ url }))).not.toBe(computeDedupeKey(item({ url: `${url}z` })));
  });
});

describe("capFeedTexts: an item's GUID and link", () => {
  const feedOf = (parsed: ParsedItem) => ({
    kind: "rss" as const,
    title: null,
    siteUrl: null,
    iconUrl: null,
    ttlSeconds: null,
    items: [parsed],
  });
  const capped = (fields: Partial<ParsedItem>) => capFeedTexts(feedOf(item(fields))).items[0]!;

  it("keeps a GUID at the cap and hashes one beyond it, to the key it always had", () => {
    const atCap = "g".repeat(MAX_ITEM_ID_LENGTH);
    expect(capped({ guid: atCap }).guid).toBe(atCap);
    const long = `${atCap}g`;
    const guid = capped({ guid: long }).guid!;
    expect(guid).toBe(capItemId(long));
    expect(guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(computeDedupeKey(item({ guid }))).toBe(computeDedupeKey(item({ guid: long })));
  });

  it.each([
    ["a link at the cap is kept", "a".repeat(MAX_ITEM_URL_LENGTH - 20), "kept"],
    ["a link over the cap loses only its fragment when that fits", `q=1#${"f".repeat(MAX_ITEM_URL_LENGTH)}`, "page"],
    ["a link over the cap without a fragment to drop is none", "z".repeat(MAX_ITEM_URL_LENGTH), "none"],
  ])("%s", (_, tail, expected) => {
    const url = `https://x.example/?${tail}`;
    const result = capped({ url }).url;
    expect(result).toBe(expected === "kept" ? url : expected === "page" ? "https://x.example/?q=1" : null);
  });
});

describe("computeContentHash: same article under a new guid", () => {
  const original = item({
    guid: "1",
    title: "Hello  world",
    url: "https://x.example/a",
    content: '<p>Body <img src="https://t.example/p.png?r=1"></p>',
  });

  it("ignores the guid, markup-only changes, whitespace, fragments and utm tags", () => {
    const hash = computeContentHash(original);
    expect(hash).toMatch(sha256Hex);
    expect(computeContentHash({ ...original, guid: "2" })).toBe(hash);
    expect(
      computeContentHash({ ...original, content: '<div>Body <img src="https://t.example/p.png?r=2"></div>' }),
    ).toBe(hash);
    expect(computeContentHash({ ...original, title: "Hello world" })).toBe(hash);
    expect(computeContentHash({ ...original, url: "https://x.example/a?utm_source=feed#top" })).toBe(hash);
  });

  it("changes when the title, text or link changes", () => {
    const hash = computeContentHash(original);
    expect(computeContentHash({ ...original, title: "Hello there" })).not.toBe(hash);
    expect(computeContentHash({ ...original, content: "<p>Body, edited</p>" })).not.toBe(hash);
    expect(computeContentHash({ ...original, url: "https://x.example/b" })).not.toBe(hash);
  });

  it("falls back to the summary when there is no content", () => {
    expect(computeContentHash(item({ title: "t", summary: "<p>s</p>" }))).toBe(
      computeContentHash(item({ title: "t", content: "s" })),
    );
  });
});
