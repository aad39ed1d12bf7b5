// What a row of the fetch log was a request for (Fetch.kind, issue 27): one log for every request
// Tidings makes for a source. Where each rule stands:
// - the feed's own state (last outcome, streaks, the health state, caching badges, validator
//   evidence, drift, outcome windows, alerts, the daily roll-ups FetchDaily) reads FEED_ONLY: a
//   failing article page says nothing about the feed;
// - costs (requests and bytes per source and publisher, /health's request counts) and the fetch log
//   itself count every kind.
export const FETCH_KINDS = ["feed", "page", "icon"] as const;
export type FetchKind = (typeof FETCH_KINDS)[number];

/** The Prisma `where` fragment of the feed's own rules. */
export const FEED_ONLY = { kind: "feed" } as const;

/** The same rule for raw SQL over "Fetch" (a constant: nothing from a request reaches it). */
export const FEED_ONLY_SQL = `"kind" = 'feed'`;

/** Requests made besides the feed's: article pages and site icons. */
export const BESIDE_FEED = { kind: { in: ["page", "icon"] } } satisfies { kind: { in: FetchKind[] } };

/**
 * The same rule for raw SQL over "Fetch". Migration 0031's partial index (the costs of pages and
 * icons) has this condition word for word: a query planner uses a partial index only when the
 * query's WHERE says what the index's does.
 */
export const BESIDE_FEED_SQL = `"kind" IN ('page', 'icon')`;
