import { describe, expect, it } from "vitest";
import { buildUserAgent } from "@/lib/pipeline/fetch/fetch-feed";
import { ACCEPT, buildRequestHeaders } from "@/lib/pipeline/fetch/request-headers";

describe("buildUserAgent", () => {
  it.each([
    [
      { version: "0.1.0", publicUrl: "https://reader.example", subscribers: 3 },
      "Tidings/0.1.0 (+https://reader.example; self-hosted feed reader; 3 subscribers)",
    ],
    [
      { version: "0.1.0", publicUrl: null, subscribers: 1 },
      "Tidings/0.1.0 (+https://github.com/tidings-reader/tidings; self-hosted feed reader; 1 subscriber)",
    ],
    [
      { version: "1.2.3", publicUrl: null, subscribers: 0 },
      "Tidings/1.2.3 (+https://github.com/tidings-reader/tidings; self-hosted feed reader; 0 subscribers)",
    ],
    [
      { version: "1.2.3", publicUrl: "", subscribers: 2.7 },
      "Tidings/1.2.3 (+https://github.com/tidings-reader/tidings; self-hosted feed reader; 2 subscribers)",
    ],
    [
      { version: "1.0.0", publicUrl: "https://r.example/\r\nX-Evil: 1", subscribers: -4 },
      "Tidings/1.0.0 (+https://r.example/X-Evil:1; self-hosted feed reader; 0 subscribers)",
    ],
  ])("%j → %s", (input, expected) => {
    expect(buildUserAgent(input)).toBe(expected);
  });
});

describe("buildRequestHeaders", () => {
  const userAgent = "Tidings/0.1.0 (+https://reader.example; self-hosted feed reader; 1 subscriber)";
  const base = { "User-Agent": userAgent, Accept: ACCEPT, "Accept-Encoding": "gzip, deflate, br" };

  it.each([
    [null, null, base, false],
    ['"abc"', null, { ...base, "If-None-Match": '"abc"' }, true],
    ['W/"abc"', null, { ...base, "If-None-Match": 'W/"abc"' }, true],
    [null, "Mon, 01 Jan 2024 10:00:00 GMT", { ...base, "If-Modified-Since": "Mon, 01 Jan 2024 10:00:00 GMT" }, true],
    [
      '"a", W/"b"',
      "whatever the server said",
      { ...base, "If-None-Match": '"a", W/"b"', "If-Modified-Since": "whatever the server said" },
      true,
    ],
    ["", "", base, false],
  ])("etag %s, lastModified %s → exactly these headers", (etag, lastModified, headers, conditional) => {
    expect(buildRequestHeaders({ userAgent, etag, lastModified })).toEqual({ headers, conditional });
  });

  it("asks for feeds first and still accepts anything", () => {
    expect(ACCEPT.split(", ").slice(0, 3)).toEqual([
      "application/rss+xml",
      "application/atom+xml",
      "application/feed+json",
    ]);
    expect(ACCEPT).toMatch(/\*\/\*;q=0\.5$/);
  });
});
