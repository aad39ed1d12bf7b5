// What the Next.js server does once at start, before serving: check the configuration and bring
// the database schema up to date. A problem here is fatal and reported in one line.
import { getEnv } from "@/lib/base/env";
import { getDatabaseTarget } from "@/lib/db/client";
import { describeDatabaseTarget } from "@/lib/db/database-target";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import { disconnectDb, getDb } from "@/lib/db/client";
import { startScheduler, stopScheduler } from "@/lib/entry/server/scheduler";
import { startPruneSchedule, stopPruneSchedule } from "@/lib/entry/server/prune-schedule";
import { startEventLoopMonitor } from "@/lib/metrics/event-loop";
import { closeAgents } from "@/lib/pipeline/fetch/http-client";
import { startNotifySender, stopNotifySender } from "@/lib/features/notify/notify-sender";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { checkExposure } from "@/lib/features/auth/check-exposure";
import { installClientAddressHook } from "@/lib/http/client-address";
import { createNetworkList } from "@/lib/base/network-list";

const log = createLogger("server");

export async function startServer(): Promise<void> {
  try {
    installClientAddressHook(createNetworkList(getEnv().TIDINGS_TRUSTED_PROXIES));
    const target = getDatabaseTarget();
    const result = await runMigrations(target);
    const migrated =
      result.applied.length > 0 ? `applied migrations ${result.applied.join(", ")}` : "schema up to date";
    log.info(`database: ${describeDatabaseTarget(target)}, ${migrated}`);
    const exposure = checkExposure(getEnv().TIDINGS_HOST, (await getAuthState()).mode);
    if (!exposure.allowed) throw new Error(exposure.message);
    log.info(exposure.message);
    // Not awaited beyond set-up: register() must stay fast, the first round starts on a tick.
    startEventLoopMonitor();
    // Also without the scheduler: rounds from the command line write outbox rows too.
    startNotifySender(getDb());
    if (getEnv().TIDINGS_SCHEDULER) {
      await startScheduler(getDb(), getEnv().TIDINGS_ROUND_CRON);
      startPruneSchedule(getDb());
    } else {
      log.info('scheduler off (TIDINGS_SCHEDULER=false): rounds run only from the CLI or "fetch now"');
    }
  } catch (error) {
    console.error(`tidings: cannot start: ${describeError(error, 500)}`);
    process.exit(1);
  }
  installShutdown();
}

/** Beyond one fetch's timeout: its store, and the round's last writes (lib/pipeline/round/retry-database.ts). */
const SHUTDOWN_GRACE_MS = 45_000;

/**
 * SIGTERM/SIGINT: stop the timer, let the fetch in progress finish and commit (or not start),
 * close the database, exit. A second signal exits at once; a commit that was cut off is rolled
 * back by the database, never half-written.
 */
function installShutdown(): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: finishing the current fetch, then stopping`);
    // A shutdown must end even if the database never answers again (a disk that stays full,
    // PostgreSQL gone): one fetch, its store and the round's last retried writes fit in this.
    const deadlineMs = getEnv().TIDINGS_FETCH_TIMEOUT_MS + SHUTDOWN_GRACE_MS;
    setTimeout(() => {
      log.error(`${signal}: still not stopped after ${deadlineMs} ms; exiting without waiting for the database`);
      process.exit(1);
    }, deadlineMs).unref();
    await Promise.all([stopScheduler(), stopPruneSchedule(), stopNotifySender()]);
    // No fetch runs any more: close the publishers' keep-alive sockets instead of dropping them.
    await closeAgents().catch(() => undefined);
    await disconnectDb().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
