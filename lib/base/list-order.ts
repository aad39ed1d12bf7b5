// The order of a view's list. Newest first is the default, as in every reader; oldest first
// reads a backlog (or a serial) in the order it was written.
export const LIST_ORDERS = ["newest", "oldest"] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const DEFAULT_ORDER: ListOrder = "newest";
