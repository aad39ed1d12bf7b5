// One page of the sources list (pure): the rows of a health state and a search, then a window of
// them. At 10,000 sources the page renders a hundred rows, not ten thousand.
import type { SourceListRow } from "@/lib/reads/sources/list-sources";
import type { SourcesView } from "@/lib/reads/sources/sources-view";

export const SOURCES_PER_PAGE = 100;

export type SourcesPage = {
  rows: SourceListRow[];
  /** Rows of the state and search, over every page. */
  matching: number;
  /** The page shown (the last one when the asked page is past the end) and how many there are. */
  page: number;
  pages: number;
  /** Index of the first row shown among the matching ones (0-based). */
  offset: number;
};

/** A case-insensitive substring of the title or the feed's address (what a person remembers of a feed). */
function matchesQuery(row: SourceListRow, q: string): boolean {
  if (q === "") return true;
  const needle = q.toLowerCase();
  return row.displayTitle.toLowerCase().includes(needle) || row.feedUrl.toLowerCase().includes(needle);
}

export function pickSourcesPage(
  sorted: readonly SourceListRow[],
  view: Pick<SourcesView, "state" | "q" | "page">,
  perPage = SOURCES_PER_PAGE,
): SourcesPage {
  const matching = sorted.filter(
    (row) => (view.state === null || row.health === view.state) && matchesQuery(row, view.q),
  );
  const pages = Math.max(1, Math.ceil(matching.length / perPage));
  const page = Math.min(view.page, pages);
  const offset = (page - 1) * perPage;
  return { rows: matching.slice(offset, offset + perPage), matching: matching.length, page, pages, offset };
}
