import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FetchLog } from "@/components/health/fetch-log";
import { describeEncoding } from "@/lib/reads/health/describe/describe-reading";
import type { FetchLogRow } from "@/lib/reads/health/list-fetch-log";

const row = (fields: Partial<FetchLogRow>): FetchLogRow => ({
  id: 1,
  sourceId: 1,
  roundId: null,
  kind: "feed",
  url: null,
  articleId: null,
  startedAt: new Date("2026-12-01T10:00:00Z"),
  durationMs: 12,
  outcome: "ok",
  errorKind: null,
  httpStatus: 200,
  bytesReceived: 600,
  bodyBytes: 600,
  entriesSeen: 2,
  newArticles: 2,
  updatedArticles: 0,
  bodyUnchanged: false,
  conditional: false,
  etagReceived: null,
  lastModifiedReceived: null,
  contentEncoding: null,
  maxAgeSeconds: null,
  redirectUrl: null,
  manual: false,
  detail: null,
  encoding: null,
  encodingSource: null,
  xmlRecovery: null,
  parseMs: null,
  laneWaitMs: 0,
  driftMs: null,
  ...fields,
});

describe("the fetch log shows how each body was read", () => {
  it("names the encoding and what decided it, and the recovery flag", () => {
    const html = renderToStaticMarkup(
      createElement(FetchLog, {
        rows: [
          row({
            id: 2,
            encoding: "koi8-r",
            encodingSource: "detected",
            xmlRecovery: "recovered from malformed XML: Unclosed root tag (line 6, column 37)",
          }),
          row({ id: 1 }),
        ],
        basePath: "/sources/1",
        newerCursor: null,
        olderCursor: null,
        paged: false,
      }),
    );
    expect(html).toContain('<th scope="col">Encoding</th>');
    expect(html).toMatch(
      /title="decided by: detected from the bytes \(nothing usable declared\)"[^>]*>koi8-r <span[^>]*>detected<\/span>/,
    );
    expect(html).toContain("recovered from malformed XML: Unclosed root tag (line 6, column 37)");
  });

  it("badges the requests besides the feed's with their kind and URL, and leaves the feed's bare", () => {
    const html = renderToStaticMarkup(
      createElement(FetchLog, {
        rows: [
          row({ id: 3, kind: "page", url: "http://127.0.0.1/news/a", outcome: "error", httpStatus: 500 }),
          row({ id: 2, kind: "icon", url: "http://127.0.0.1/favicon.ico" }),
          row({ id: 1 }),
        ],
        basePath: "/sources/1",
        newerCursor: null,
        olderCursor: null,
        paged: false,
      }),
    );
    expect(html.match(/data-kind-badge/g)).toHaveLength(2);
    expect(html).toMatch(/<tr[^>]*data-kind="page"[^]*?title="http:\/\/127\.0\.0\.1\/news\/a"[^>]*>article page</);
    expect(html).toMatch(/<tr[^>]*data-kind="icon"[^]*?>site icon</);
    expect(html).toMatch(/<tr[^>]*data-kind="feed"/);
  });

  it("says nothing for a fetch that parsed nothing, and 'unknown' for a reason it doesn't know", () => {
    expect(describeEncoding({ encoding: null, encodingSource: null })).toBeNull();
    expect(describeEncoding({ encoding: "utf-8", encodingSource: "bom" })).toEqual({
      text: "utf-8",
      title: "decided by: byte-order mark",
    });
    expect(describeEncoding({ encoding: "utf-8", encodingSource: "guesswork" })).toEqual({
      text: "utf-8",
      title: "decided by: unknown",
    });
  });
});
