// Which articles a view shows: the one filter shape shared by the list, search, freshness count
// and "mark all read", so that "mark all read" marks exactly what the reader was looking at.
export type ArticleScope = {
  sourceId: number | null;
  folderId: number | null;
  unread: boolean;
  starred: boolean;
  /** Search text (already trimmed, non-empty), matched against titles and content. */
  q: string | null;
};

export const ALL_ARTICLES: ArticleScope = { sourceId: null, folderId: null, unread: false, starred: false, q: null };

/** Search text longer than this is refused: no one types it, and it only makes each search costlier. */
export const MAX_SEARCH_LENGTH = 200;
