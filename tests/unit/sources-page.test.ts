// The sources page's view from its address, and which page of the matching sources it shows.
import { describe, expect, it } from "vitest";
import { parseSourcesView, sourcesViewHref } from "@/lib/reads/sources/sources-view";
import { placeSourcesPage } from "@/lib/reads/sources/page-sources";

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

describe("placeSourcesPage", () => {
  it("places a hundred rows a page: page 2 of 10,000 starts at the 101st", () => {
    expect(placeSourcesPage(10_000, 2)).toEqual({ matching: 10_000, page: 2, pages: 100, offset: 100 });
    expect(placeSourcesPage(1_000, 1)).toEqual({ matching: 1_000, page: 1, pages: 10, offset: 0 });
    expect(placeSourcesPage(101, 2)).toEqual({ matching: 101, page: 2, pages: 2, offset: 100 });
  });

  it("shows the last page for a page past the end, and one empty page when nothing matches", () => {
    expect(placeSourcesPage(10_000, 500)).toEqual({ matching: 10_000, page: 100, pages: 100, offset: 9900 });
    expect(placeSourcesPage(0, 3)).toEqual({ matching: 0, page: 1, pages: 1, offset: 0 });
    expect(placeSourcesPage(20, 9, 7)).toEqual({ matching: 20, page: 3, pages: 3, offset: 14 });
  });
});
