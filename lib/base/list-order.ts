// The order of a view's list. Newest first is the default, as in every reader; oldest first
// reads a backlog (or a serial) in the order it was written. A search may also come by best
// match (lib/db/search-sql.ts says how the two databases score it), its default: who searches
// wants the article that is about the words before the one that mentions them.
export const DATE_ORDERS = ["newest", "oldest"] as const;
/** The orders of a list by date alone: the apps' streams (lib/features/greader) know no other. */
export type DateOrder = (typeof DATE_ORDERS)[number];
export const LIST_ORDERS = [...DATE_ORDERS, "best"] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const DEFAULT_ORDER: DateOrder = "newest";

/** The order a view gets when none is asked: best match for a search, newest first otherwise. */
export function defaultOrderFor(q: string | null): ListOrder {
  return q === null ? DEFAULT_ORDER : "best";
}

/** The order a view is read in: best match means something only for a search, newest first otherwise. */
export function effectiveOrder(order: ListOrder | undefined, q: string | null): ListOrder {
  if (order === undefined) return defaultOrderFor(q);
  return order === "best" && q === null ? DEFAULT_ORDER : order;
}
