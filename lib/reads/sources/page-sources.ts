// Which page of the sources list is shown (pure): the asked page, kept within the pages the
// matching sources fill. At 10,000 sources the page renders a hundred rows, not ten thousand.
export const SOURCES_PER_PAGE = 100;

export type PagePlace = {
  /** Rows of the state and search, over every page. */
  matching: number;
  /** The page shown (the last one when the asked page is past the end) and how many there are. */
  page: number;
  pages: number;
  /** Index of the first row shown among the matching ones (0-based). */
  offset: number;
};

export function placeSourcesPage(matching: number, askedPage: number, perPage = SOURCES_PER_PAGE): PagePlace {
  const pages = Math.max(1, Math.ceil(matching / perPage));
  const page = Math.min(askedPage, pages);
  return { matching, page, pages, offset: (page - 1) * perPage };
}
