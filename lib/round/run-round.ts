// A fetch round: take the round lease, walk the due sources ONE AT A TIME (one request in
// flight, ever), keep the per-host gap, stop at the time budget, record the round. A database
// fault is not any one source's: it ends the round at once, recorded as failed.
import type { Db } from "@/lib/db/prisma-client";
import { acquireLease, ROUND_LEASE, type AcquireLeaseInput } from "@/lib/store/lease";
import { currentHolderProcess, isHolderProcessGone } from "@/lib/round/holder-process";
import { finishRound, markInterruptedRounds, startRound, type RoundTally, type RoundTrigger } from "@/lib/store/rounds";
import { forgiveOfflineErrors } from "@/lib/store/forgive-offline-errors";
import { listDueSources, findSourceForManualFetch, rereadSource, type ListedSource } from "@/lib/round/due-sources";
import { interleaveByHost } from "@/lib/round/interleave-by-host";
import { hostOf } from "@/lib/fetch/host-of";
import { createHostSpacing } from "@/lib/round/host-spacing";
import { countAttempt, looksOffline, type OfflineTally } from "@/lib/round/offline-guard";
import { fetchAndRecord, type FetchLine } from "@/lib/round/fetch-and-record";
import type { RoundSettings } from "@/lib/round/round-settings";
import { createLogger } from "@/lib/log";
import { describeError } from "@/lib/describe-error";
import { isDatabaseError } from "@/lib/db/is-database-error";
import { closeRound } from "@/lib/round/close-round";

const log = createLogger("round");

export type RoundOptions = {
  trigger: RoundTrigger;
  /** Fetch only this source, now, whatever its schedule ("fetch now", `tidings round --source`). */
  sourceId?: number;
  /** Checked before each fetch: on shutdown the current fetch finishes and no new one starts. */
  shouldStop?: () => boolean;
};

export type RoundReport =
  | { status: "completed"; roundId: number; lines: FetchLine[]; tally: RoundTally }
  /** The database failed (disk full, PostgreSQL unreachable): the round stopped at once. */
  | { status: "failed"; roundId: number | null; lines: FetchLine[]; tally: RoundTally; reason: string }
  | { status: "skipped"; reason: string };

export type Lease = Omit<AcquireLeaseInput, "now">;

export async function runRound(db: Db, settings: RoundSettings, options: RoundOptions): Promise<RoundReport> {
  const leaseTtlMs = settings.budgetMs + 2 * settings.fetch.timeoutMs + 60_000;
  // The process is recorded with the lease: after a kill -9, a restarted instance on this machine
  // sees its previous life's lease as free instead of waiting out the TTL.
  const lease: Lease = { name: ROUND_LEASE, holder: settings.instanceId, ttlMs: leaseTtlMs, process: currentHolderProcess(), isHolderGone: isHolderProcessGone };
  const started = { roundId: null as number | null };
  try {
    if (!(await acquireLease(db, { ...lease, now: new Date() }))) {
      return { status: "skipped", reason: "another Tidings instance is running a round" };
    }
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    return failedReport(null, [], emptyTally(0), `database: ${describeError(error)}`);
  }
  let report: RoundReport | null = null;
  try {
    report = await runUnderLease(db, settings, options, lease, started);
    return report;
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    report = failedReport(started.roundId, [], emptyTally(0), `database: ${describeError(error)}`);
    return report;
  } finally {
    await closeRound(db, { settings, options, lease, report });
  }
}

async function runUnderLease(db: Db, settings: RoundSettings, options: RoundOptions, lease: Lease, started: { roundId: number | null }): Promise<RoundReport> {
  // Read under the lease: a list read before it could predate another instance's round and
  // fetch its sources a second time.
  const picked = await pickSources(db, options.sourceId);
  if ("reason" in picked) return { status: "skipped", reason: picked.reason };
  const interrupted = await markInterruptedRounds(db);
  if (interrupted > 0) log.warn(`${interrupted} earlier round(s) never finished (the process stopped during them): marked interrupted`);
  const roundId = await startRound(db, { trigger: options.trigger, instanceId: settings.instanceId, startedAt: new Date() });
  started.roundId = roundId;
  const { lines, tally } = await walkSources(db, settings, roundId, interleaveByHost(picked.sources), options, lease);
  const fault = lines.find((line) => line.errorKind === "database");
  if (fault) return failedReport(roundId, lines, tally, `database: could not store the fetch of source ${fault.sourceId}: ${fault.detail ?? "unknown error"}`);
  await finishRound(db, { roundId, finishedAt: new Date(), tally });
  log.info(
    `round ${roundId} (${options.trigger}): ${tally.sourcesAttempted}/${tally.sourcesDue} sources, ok=${tally.okCount} not_modified=${tally.notModifiedCount} error=${tally.errorCount} new=${tally.newArticles} bytes=${tally.bytesReceived}${tally.offline ? " OFFLINE" : ""}${tally.budgetExhausted ? " (budget exhausted)" : ""}`,
  );
  return { status: "completed", roundId, lines, tally };
}

function failedReport(roundId: number | null, lines: FetchLine[], tally: RoundTally, reason: string): RoundReport {
  return { status: "failed", roundId, lines, tally, reason };
}

async function pickSources(db: Db, sourceId: number | undefined): Promise<{ sources: ListedSource[] } | { reason: string }> {
  if (sourceId === undefined) {
    const due = await listDueSources(db, new Date());
    // Nothing to fetch is not a round: no Round row for an idle tick.
    return due.length > 0 ? { sources: due } : { reason: "no source is due" };
  }
  const source = await findSourceForManualFetch(db, sourceId, new Date());
  if (source === null) return { reason: `no source with id ${sourceId}` };
  if ("waitUntil" in source) return { reason: `its publisher asked to wait until ${source.waitUntil.toISOString()} (Retry-After)` };
  return { sources: [source] };
}

async function walkSources(
  db: Db,
  settings: RoundSettings,
  roundId: number,
  sources: ListedSource[],
  options: RoundOptions,
  lease: Lease,
): Promise<{ lines: FetchLine[]; tally: RoundTally }> {
  const started = performance.now();
  const spacing = createHostSpacing(settings.hostGapMs);
  const waitingHosts = new Set<string>();
  const lines: FetchLine[] = [];
  let offlineTally: OfflineTally = { attempts: 0, networkErrors: 0 };
  const tally: RoundTally = emptyTally(sources.length);
  let leaseRenewedAt = performance.now();

  for (const listed of sources) {
    if (options.shouldStop?.()) break;
    if (performance.now() - started > settings.budgetMs) {
      tally.budgetExhausted = true;
      break;
    }
    const source = await rereadSource(db, listed.id);
    // Removed, or disabled by the person since the round began (a manual fetch is their own request).
    if (!source || (!source.enabled && options.sourceId === undefined)) continue;
    const host = hostOf(source.feedUrl);
    if (waitingHosts.has(host)) continue;
    await spacing.waitFor(host);
    // Renewed now and then, not per source: a long round keeps its lease at little cost.
    if (performance.now() - leaseRenewedAt > lease.ttlMs / 4) {
      // A round that lost its lease (this process stalled past the TTL) must not go on fetching.
      if (!(await acquireLease(db, { ...lease, now: new Date() }))) break;
      leaseRenewedAt = performance.now();
    }
    const line = await fetchAndRecord(db, settings, source, {
      roundId,
      manual: options.trigger === "manual",
      offline: (attempt) => looksOffline((offlineTally = countAttempt(offlineTally, attempt.errorKind))),
    });
    spacing.markDone(host);
    lines.push(line);
    addToTally(tally, line);
    // Our own database failed: no other source would fare better; the round ends as failed.
    if (line.errorKind === "database") break;
    if (line.decision?.hostRetryAfterUntil) waitingHosts.add(host);
    if (looksOffline(offlineTally)) {
      tally.offline = true;
      await forgiveEarlierNetworkErrors(db, lines);
      log.warn(`round ${roundId}: most fetches failed at the network level; this machine looks offline, stopping the round`);
      break;
    }
  }
  return { lines, tally };
}

/** Errors counted before the round was judged offline were not the publishers' fault either. */
async function forgiveEarlierNetworkErrors(db: Db, lines: FetchLine[]): Promise<void> {
  const counted = lines.filter((line) => line.outcome === "error" && line.before && line.decision && line.decision.next.consecutiveErrors > line.before.consecutiveErrors);
  await forgiveOfflineErrors(
    db,
    counted.map((line) => ({
      sourceId: line.sourceId,
      consecutiveErrors: line.before!.consecutiveErrors,
      breakerState: line.before!.breakerState,
      breakerChangedAt: line.before!.breakerChangedAt,
      breakerCooldownSeconds: line.before!.breakerCooldownSeconds,
    })),
  );
}

function emptyTally(sourcesDue: number): RoundTally {
  return { sourcesDue, sourcesAttempted: 0, okCount: 0, notModifiedCount: 0, errorCount: 0, newArticles: 0, bytesReceived: 0, offline: false, budgetExhausted: false };
}

function addToTally(tally: RoundTally, line: FetchLine): void {
  tally.sourcesAttempted += 1;
  if (line.outcome === "ok") tally.okCount += 1;
  else if (line.outcome === "not_modified") tally.notModifiedCount += 1;
  else tally.errorCount += 1;
  tally.newArticles += line.newArticles;
  tally.bytesReceived += line.bytes;
}
