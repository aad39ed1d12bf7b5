// Prisma refuses a query with more bound parameters than the database takes (999 on SQLite through
// its adapter: the reader's home page failed at 1,000 sources when it named every source's site).
// A filter on a list that grows with the fleet names its values only up to this many; past it the
// filter is dropped, and the caller, which keys what it reads by those values, ignores the rest.
const MOST_VALUES_NAMED = 500;

/** `{ in: values }`, or no filter at all (undefined, which Prisma reads as "any") past the bound. */
export function namedOrAll<T>(values: readonly T[]): { in: T[] } | undefined {
  return values.length <= MOST_VALUES_NAMED ? { in: [...values] } : undefined;
}
