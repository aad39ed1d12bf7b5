// Retries a database write after a database fault, a bounded number of times with growing waits:
// the round's last writes (its failure, the lease) must outlast a short outage, or the lease
// would block every instance for its whole TTL. Anything but a database error is thrown at once.
import { isDatabaseError } from "@/lib/db/is-database-error";

/** About 30 s in all: PostgreSQL restarting, a disk freed by the operator. */
export const DATABASE_RETRY_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000, 4000, 8000, 15_000];

export async function retryDatabase<T>(
  work: () => Promise<T>,
  options: { delaysMs: readonly number[]; shouldStop?: () => boolean },
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      // Shutting down: one try is all there is time for.
      const delay = options.shouldStop?.() ? undefined : options.delaysMs[attempt];
      if (delay === undefined || !isDatabaseError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
