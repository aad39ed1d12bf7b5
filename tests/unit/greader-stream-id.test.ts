import { describe, expect, it } from "vitest";
import { formatStreamId, parseStreamId, type StreamId } from "@/lib/features/greader/protocol/stream-id";

describe("Google Reader stream ids", () => {
  it.each<[string, StreamId]>([
    ["user/-/state/com.google/reading-list", { kind: "state", state: "reading-list" }],
    ["user/-/state/com.google/starred", { kind: "state", state: "starred" }],
    ["user/-/state/com.google/read", { kind: "state", state: "read" }],
    ["user/-/state/com.google/kept-unread", { kind: "state", state: "kept-unread" }],
    ["user/1/state/com.google/read", { kind: "state", state: "read" }],
    ["user/1005921515/state/com.google/starred", { kind: "state", state: "starred" }],
    ["user/tidings/state/com.google/reading-list", { kind: "state", state: "reading-list" }],
    ["user/-/label/News", { kind: "label", name: "News" }],
    ["user/-/label/Tech & Science/Rust", { kind: "label", name: "Tech & Science/Rust" }],
    ["user/42/label/Ünïcode", { kind: "label", name: "Ünïcode" }],
    ["feed/17", { kind: "feed", sourceId: 17 }],
    ["feed/https://example.com/feed.xml", { kind: "feed-url", url: "https://example.com/feed.xml" }],
    ["feed/http://example.com/rss?page=2&x=%20", { kind: "feed-url", url: "http://example.com/rss?page=2&x=%20" }],
  ])("reads %s", (text, expected) => {
    expect(parseStreamId(text)).toEqual(expected);
  });

  it.each([
    "",
    "user/-/state/com.google/unknown",
    "user/-/state/com.google/",
    "user/-/state/org.example/read",
    "user/-/label/",
    "user/-/label/   ",
    `user/-/label/${"x".repeat(101)}`,
    "user//label/News",
    "user/a:b/label/News",
    "user/-/tag/News",
    "feed/",
    "feed/0",
    "feed/99999999999",
    "feed/12abc",
    "feed/ftp://example.com/feed",
    "feed/javascript:alert(1)",
    `feed/https://example.com/${"a".repeat(2100)}`,
    "pop/-/state/com.google/read",
    "splice/abc",
  ])("refuses %j", (text) => {
    expect(parseStreamId(text)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(parseStreamId(null)).toBeNull();
    expect(parseStreamId(undefined)).toBeNull();
  });

  it("formats every id with user/- and round-trips what it formats", () => {
    const ids: StreamId[] = [
      { kind: "state", state: "reading-list" },
      { kind: "state", state: "kept-unread" },
      { kind: "label", name: "Reading" },
      { kind: "feed", sourceId: 3 },
      { kind: "feed-url", url: "https://example.com/feed" },
    ];
    expect(ids.map(formatStreamId)).toEqual([
      "user/-/state/com.google/reading-list",
      "user/-/state/com.google/kept-unread",
      "user/-/label/Reading",
      "feed/3",
      "feed/https://example.com/feed",
    ]);
    for (const id of ids) expect(parseStreamId(formatStreamId(id))).toEqual(id);
  });
});
