// When most fetches of a round fail at the network level, the fault is probably this machine's
// connection, not the publishers': those errors must not count toward any breaker.
import { NETWORK_ERROR_KINDS, type ErrorKind } from "@/lib/pipeline/fetch/types";

/** At least this many attempts before the round can be judged offline. */
export const OFFLINE_MIN_ATTEMPTS = 5;
/** Share of network-level errors from which the round is judged offline. */
export const OFFLINE_RATIO = 0.8;

export type OfflineTally = { attempts: number; networkErrors: number };

export function countAttempt(tally: OfflineTally, errorKind: ErrorKind | null): OfflineTally {
  const network = errorKind !== null && NETWORK_ERROR_KINDS.has(errorKind);
  return { attempts: tally.attempts + 1, networkErrors: tally.networkErrors + (network ? 1 : 0) };
}

export function looksOffline(tally: OfflineTally): boolean {
  return tally.attempts >= OFFLINE_MIN_ATTEMPTS && tally.networkErrors / tally.attempts >= OFFLINE_RATIO;
}
