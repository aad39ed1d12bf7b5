// What the API and the pages show of an article, a source and the sidebar: explicit shapes, so
// that internal columns (dedupe keys, hashes, validators) never leak. Types only on the client.
export type ArticleListItem = {
  id: number;
  sourceId: number;
  sourceTitle: string;
  title: string;
  /** The original, http(s) only; null when the feed gave none. */
  url: string | null;
  author: string | null;
  /** Plain text. */
  snippet: string | null;
  publishedAt: string;
  read: boolean;
  starred: boolean;
};

export type Enclosure = { url: string; type: string | null; length: number | null };

export type ArticleDetail = ArticleListItem & {
  /** Sanitized HTML, exactly as stored by the parse step; the only HTML the reader renders. */
  contentHtml: string | null;
  enclosures: Enclosure[];
  /** The article's page, when it was fetched (full-text source or the reader's action). */
  fullText: FullText | null;
};

/**
 * What the article's page gave: its article (sanitized HTML, shown beside the feed's content), or
 * why there is none ("robots.txt disallows Tidings", "not an HTML page (image/png)").
 */
export type FullText =
  | { state: "extracted"; html: string; fetchedAt: string; bySelector: boolean }
  | { state: "failed"; reason: string; fetchedAt: string };

export type ArticlePage = {
  items: ArticleListItem[];
  nextCursor: string | null;
  /** The highest article id when the page was read: the baseline of the "N new articles" poll. */
  latestId: number;
};

export type NewArticles = { count: number; latestId: number };

/** ok: fetching fine; quiet: disabled, not fetched yet or nothing new for weeks; backing_off: errors; broken: breaker open or gone. */
export type SourceHealth = "ok" | "quiet" | "backing_off" | "broken";

/** healthLabel says why a source is not "ok" (absent when it is: a thousand "Fetching fine" would be a tenth of the payload). */
export type SidebarSource = {
  id: number;
  title: string;
  unread: number;
  health: SourceHealth;
  healthLabel?: string;
  /** Its site's icon, served by Tidings (/site-icons/<hash>); absent when none was found. */
  icon?: string;
};

export type SidebarFolder = { id: number; name: string; unread: number; sources: SidebarSource[] };

export type Sidebar = {
  unread: number;
  starred: number;
  folders: SidebarFolder[];
  /** Sources outside any folder. */
  sources: SidebarSource[];
};
