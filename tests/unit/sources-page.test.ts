// The sources page's view from its address, and its window over 10,000 sources.
import { describe, expect, it } from "vitest";
import { parseSourcesView, sourcesViewHref } from "@/lib/reads/sources/sources-view";
import { pickSourcesPage } from "@/lib/reads/sources/page-sources";
import type { SourceListRow } from "@/lib/reads/sources/list-sources";

const row = (id: number, fields: Partial<SourceListRow> = {}): SourceListRow => ({
  id,
  displayTitle: `Feed ${id}`,
  feedUrl: `https://site${id}.example/feed.xml`,
  folder: null,
  enabled: true,
  disabledReason: null,
  lastOutcome: "ok",
  lastErrorKind: null,
  lastSuccessAt: null,
  nextDueAt: new Date(0),
  nextCheckReason: "",
  consecutiveErrors: 0,
  health: id % 10 === 0 ? "backing_off" : "healthy",
  ...fields,
});
const FLEET = Array.from({ length: 10_000 }, (_, index) => row(index + 1));

describe("parseSourcesView", () => {
  it.each<[Record<string, string | string[]>, ReturnType<typeof parseSourcesView>]>([
    [{}, { sort: "title", state: null, q: "", page: 1 }],
    [
      { sort: "problems", state: "gone", q: "  blog ", page: "3" },
      { sort: "problems", state: "gone", q: "blog", page: 3 },
    ],
    // Unreadable parts fall back to their defaults: a shared address never breaks the page.
    [
      { sort: "nope", state: "sleepy", page: "-2" },
      { sort: "title", state: null, q: "", page: 1 },
    ],
    [
      { page: "2.5", q: ["a", "b"] },
      { sort: "title", state: null, q: "a", page: 1 },
    ],
    [{ q: "x".repeat(500) }, { sort: "title", state: null, q: "x".repeat(200), page: 1 }],
  ])("%j", (params, view) => {
    expect(parseSourcesView(params)).toEqual(view);
  });

  it("writes the address back with only what differs from the defaults", () => {
    const view = parseSourcesView({ sort: "next", state: "backing_off", q: "a b", page: "2" });
    expect(sourcesViewHref(view)).toBe("/sources?sort=next&state=backing_off&q=a+b&page=2");
    expect(sourcesViewHref(view, { page: 1, state: null })).toBe("/sources?sort=next&q=a+b");
    expect(sourcesViewHref(parseSourcesView({}))).toBe("/sources");
  });
});

describe("pickSourcesPage", () => {
  it("shows a hundred rows of 10,000, in the order given", () => {
    const page = pickSourcesPage(FLEET, { state: null, q: "", page: 2 });
    expect(page).toMatchObject({ matching: 10_000, page: 2, pages: 100, offset: 100 });
    expect(page.rows.map((source) => source.id)).toEqual(Array.from({ length: 100 }, (_, index) => 101 + index));
  });

  it("keeps one health state and a search in titles and addresses, case-insensitively", () => {
    expect(pickSourcesPage(FLEET, { state: "backing_off", q: "", page: 1 })).toMatchObject({
      matching: 1000,
      pages: 10,
    });
    const found = pickSourcesPage(FLEET, { state: null, q: "SITE1234.example", page: 1 });
    expect(found.rows.map((source) => source.id)).toEqual([1234]);
    expect(pickSourcesPage(FLEET, { state: "backing_off", q: "feed 123", page: 1 }).rows.map((s) => s.id)).toEqual([
      1230,
    ]);
  });

  it("shows the last page for a page past the end, and one empty page when nothing matches", () => {
    expect(pickSourcesPage(FLEET, { state: null, q: "", page: 500 })).toMatchObject({ page: 100, offset: 9900 });
    expect(pickSourcesPage(FLEET, { state: "gone", q: "", page: 3 })).toMatchObject({
      rows: [],
      matching: 0,
      page: 1,
      pages: 1,
    });
  });
});
