// "Failing since": when the source's current run of failed fetches began. The run is the one the
// policy counts (consecutiveErrors), so it starts with the first counted error and ends with the
// next success, and the errors the policy does not hold against the publisher (Tidings' own
// database failing, a network error in a round judged offline, a 429 asking us to wait) neither
// start nor end it. Errors counted before a round was judged offline are forgiven afterwards
// (forgive-offline-errors.ts), and the run's start goes back with the counters.

/** The run's start after a fetch, from the error counts before and after it. */
export function nextFailingSince(input: {
  before: { consecutiveErrors: number; failingSince: Date | null };
  consecutiveErrors: number;
  fetchStartedAt: Date;
}): Date | null {
  const { before } = input;
  if (input.consecutiveErrors === 0) return null;
  if (before.consecutiveErrors === 0) return input.fetchStartedAt;
  // A row failing from before this column existed and the log could not date: the earliest known.
  return before.failingSince ?? input.fetchStartedAt;
}
