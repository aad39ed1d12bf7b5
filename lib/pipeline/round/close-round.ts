// The end of a round, whatever happened in it: its failure recorded (if it failed) and the lease
// released, both retried after a database fault.
import type { Db } from "@/lib/db/client";
import { isDatabaseError } from "@/lib/db/is-database-error";
import { describeError } from "@/lib/base/describe-error";
import { createLogger } from "@/lib/base/log";
import { DATABASE_RETRY_DELAYS_MS, retryDatabase } from "@/lib/pipeline/round/retry-database";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import type { Lease, RoundOptions, RoundReport } from "@/lib/pipeline/round/run-round";
import { releaseLease } from "@/lib/pipeline/store/fetch/lease";
import { failRound } from "@/lib/pipeline/store/fetch/rounds";

const log = createLogger("round");

/**
 * The round's last writes: a failed round's reason, then the lease. After a database fault they
 * are retried (bounded) so that a short outage neither leaves the round looking interrupted nor
 * holds the lease, which would block every instance, for its whole TTL.
 */
export async function closeRound(
  db: Db,
  {
    settings,
    options,
    lease,
    report,
  }: { settings: RoundSettings; options: RoundOptions; lease: Lease; report: RoundReport | null },
): Promise<void> {
  const delaysMs = settings.databaseRetryDelaysMs ?? DATABASE_RETRY_DELAYS_MS;
  let failureStored = report?.status !== "failed" || report.roundId === null;
  try {
    await retryDatabase(
      async () => {
        if (!failureStored && report?.status === "failed" && report.roundId !== null) {
          await failRound(db, { roundId: report.roundId, finishedAt: settings.clock.now(), failure: report.reason });
          failureStored = true;
        }
        await releaseLease(db, lease);
      },
      { delaysMs, shouldStop: options.shouldStop },
    );
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    log.error(
      `could not ${failureStored ? "" : "record the round's failure nor "}release the round lease: ${describeError(error)}`,
    );
  }
  if (report?.status === "failed")
    log.error(`round ${report.roundId ?? "-"} (${options.trigger}) failed: ${report.reason}`);
}
