// An address typed without its scheme, as in a browser's address bar, is read as https.
import { describe, expect, it } from "vitest";
import { completeWebAddress } from "@/lib/reads/sources/complete-web-address";

describe("completeWebAddress", () => {
  it.each([
    ["example.com/feed", "https://example.com/feed"],
    ["  example.com  ", "https://example.com"],
    ["www.example.org/blog/?format=rss", "https://www.example.org/blog/?format=rss"],
    ["//cdn.example.net/feed.xml", "https://cdn.example.net/feed.xml"],
    ["localhost:8080/feed", "https://localhost:8080/feed"],
    ["192.168.1.20:3000", "https://192.168.1.20:3000"],
    ["rss-bridge.lan:80/?action=display", "https://rss-bridge.lan:80/?action=display"],
    ["http://example.com/feed", "http://example.com/feed"],
    ["HTTPS://Example.com/", "HTTPS://Example.com/"],
    ["ftp://example.com/feed", "ftp://example.com/feed"],
    ["javascript:alert(1)", "javascript:alert(1)"],
    ["feed:https://example.com/rss", "feed:https://example.com/rss"],
    ["", ""],
  ])("%j → %j", (typed, expected) => {
    expect(completeWebAddress(typed)).toBe(expected);
  });
});
