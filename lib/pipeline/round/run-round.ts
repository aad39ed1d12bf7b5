// A fetch round: take the round lease, walk the due sources in the process's lanes (one at a time
// by default), keep the per-domain gap, stop at the time budget, record the round. A database
// fault is not any one source's: it ends the round at once, recorded as failed.
//
// Sharing rounds (TIDINGS_SHARED_ROUNDS on PostgreSQL), an instance that finds the lease taken
// walks too, on the domains it claims (source-feed.ts); the lease holder alone marks interrupted
// rounds and evaluates the alerts. On SQLite the lease is the rule: one round at a time.
import type { Db } from "@/lib/db/client";
import { acquireLease, ROUND_LEASE, type AcquireLeaseInput } from "@/lib/pipeline/store/fetch/lease";
import { currentHolderProcess, isHolderProcessGone } from "@/lib/base/holder-process";
import {
  finishRound,
  markInterruptedRounds,
  startRound,
  type RoundTally,
  type RoundTrigger,
} from "@/lib/pipeline/store/fetch/rounds";
import {
  countDueSources,
  findSourceForManualFetch,
  listWaitingHosts,
  type HostHolds,
} from "@/lib/pipeline/round/due-sources";
import { emptyTally, walkSources, type WalkPlan } from "@/lib/pipeline/round/walk-sources";
import { feedByDomainClaims, feedDuePages, feedList, type SourceFeed } from "@/lib/pipeline/round/source-feed";
import { providerOf } from "@/lib/db/client";
import { servesSeveralWriters } from "@/lib/db/dialect";
import type { FetchLine } from "@/lib/pipeline/round/fetch-and-record";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import { isDatabaseError } from "@/lib/db/is-database-error";
import { closeRound } from "@/lib/pipeline/round/close-round";
import { fetchPendingPages } from "@/lib/pipeline/round/fetch-pending-pages";
import { refreshDueIcons } from "@/lib/pipeline/round/refresh-due-icons";
import { maintainSubscriptionsSafely } from "@/lib/pipeline/websub/maintain-subscriptions";
import { hubLane } from "@/lib/pipeline/lanes/hub-lane";

const log = createLogger("round");

export type RoundOptions = {
  trigger: RoundTrigger;
  /** Fetch only this source, now, whatever its schedule ("fetch now", `tidings round --source`). */
  sourceId?: number;
  /** Checked before each fetch: on shutdown the current fetch finishes and no new one starts. */
  shouldStop?: () => boolean;
  /** With sourceId: a source fetched less than this long ago is not asked again (repeated clicks). */
  repeatMs?: number;
};

export type RoundReport =
  | { status: "completed"; roundId: number; lines: FetchLine[]; tally: RoundTally }
  /** The database failed (disk full, PostgreSQL unreachable): the round stopped at once. */
  | { status: "failed"; roundId: number | null; lines: FetchLine[]; tally: RoundTally; reason: string }
  | { status: "skipped"; reason: string };

export type Lease = Omit<AcquireLeaseInput, "now">;

/** A round cannot outlast its budget and two fetch timeouts: its lease (and domain claims) expire after that and a minute. */
function roundLeaseTtlMs(settings: RoundSettings): number {
  return settings.budgetMs + 2 * settings.fetch.timeoutMs + 60_000;
}

export async function runRound(db: Db, settings: RoundSettings, options: RoundOptions): Promise<RoundReport> {
  const leaseTtlMs = roundLeaseTtlMs(settings);
  // The process is recorded with the lease: after a kill -9, a restarted instance on this machine
  // sees its previous life's lease as free instead of waiting out the TTL.
  const lease: Lease = {
    name: ROUND_LEASE,
    holder: settings.instanceId,
    ttlMs: leaseTtlMs,
    process: currentHolderProcess(),
    isHolderGone: isHolderProcessGone,
  };
  const started = { roundId: null as number | null };
  let leading: boolean;
  try {
    leading = await acquireLease(db, { ...lease, now: settings.clock.now() });
    if (!leading && !sharesRounds(db, settings, options))
      return { status: "skipped", reason: "another Tidings instance is running a round" };
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    return failedReport(null, [], emptyTally(0), `database: ${describeError(error)}`);
  }
  let report: RoundReport | null = null;
  try {
    report = await runUnderLease(db, settings, options, leading ? lease : null, started);
    // Under the lease, so two instances never evaluate at once; it never throws.
    if (report.status === "completed" && leading && settings.afterRound)
      await settings.afterRound(db, {
        now: settings.clock.now(),
        fetchedSourceIds: report.lines.map((line) => line.sourceId),
      });
    // Hub requests (subscribe, renew, unsubscribe) ride on every scheduled round, even one with no
    // source due: a lease must be renewed whether or not a feed is. Under the lease, like the round.
    if (settings.webSub && options.sourceId === undefined && report.status !== "failed")
      await maintainSubscriptionsSafely(db, settings.webSub, { clock: settings.clock, lane: hubLane(db, settings) });
    return report;
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    report = failedReport(started.roundId, [], emptyTally(0), `database: ${describeError(error)}`);
    return report;
  } finally {
    await closeRound(db, { settings, options, lease, report });
  }
}

/** Whether an instance that finds the round lease taken walks beside its holder. */
function sharesRounds(db: Db, settings: RoundSettings, options: RoundOptions): boolean {
  return settings.sharedRounds === true && options.sourceId === undefined && servesSeveralWriters(providerOf(db));
}

async function runUnderLease(
  db: Db,
  settings: RoundSettings,
  options: RoundOptions,
  lease: Lease | null,
  started: { roundId: number | null },
): Promise<RoundReport> {
  // Read under the lease: a list read before it could predate another instance's round and
  // fetch its sources a second time (sharing, the domain claims and fetchedSince see to that).
  const listedAt = settings.clock.now();
  const sharing = sharesRounds(db, settings, options);
  const picked = await pickSources(db, settings, options, { now: listedAt, sharing });
  if ("reason" in picked) return { status: "skipped", reason: picked.reason };
  const { more } = picked;
  try {
    const first = await more.take();
    if (first.length === 0) return { status: "skipped", reason: "another Tidings instance is running a round" };
    return await walkRound(db, settings, options, lease, started, {
      sources: first,
      holds: picked.holds,
      more,
      fetchedSince: sharing ? listedAt : undefined,
    });
  } finally {
    await more.release();
  }
}

async function walkRound(
  db: Db,
  settings: RoundSettings,
  options: RoundOptions,
  lease: Lease | null,
  started: { roundId: number | null },
  plan: Omit<WalkPlan, "roundId">,
): Promise<RoundReport> {
  // Only the lease holder judges earlier rounds: a sharing instance's round may be running now.
  const interrupted = lease ? await markInterruptedRounds(db) : 0;
  if (interrupted > 0)
    log.warn(`${interrupted} earlier round(s) never finished (the process stopped during them): marked interrupted`);
  const roundId = await startRound(db, {
    trigger: options.trigger,
    instanceId: settings.instanceId,
    startedAt: settings.clock.now(),
  });
  started.roundId = roundId;
  const deadlineMs = settings.clock.monotonicMs() + settings.budgetMs;
  const { lines, tally } = await walkSources(db, settings, { roundId, ...plan }, options, lease);
  const fault = lines.find((line) => line.errorKind === "database");
  if (fault)
    return failedReport(
      roundId,
      lines,
      tally,
      `database: could not store the fetch of source ${fault.sourceId}: ${fault.detail ?? "unknown error"}`,
    );
  // After the feeds, so that a slow site's pages never delay another source's feed.
  const pages = await fetchPendingPages(db, settings, {
    deadlineMs,
    sourceId: options.sourceId,
    shouldStop: options.shouldStop,
  });
  if (pages.length > 0)
    log.info(
      `round ${roundId}: full text: ${pages.length} page(s), ${pages.filter((page) => page.state === "extracted").length} extracted`,
    );
  // Icons last, and only in a round of the whole fleet: "fetch now" of one source is about its feed.
  if (settings.icons && options.sourceId === undefined) {
    const icons = await refreshDueIcons(db, settings, { deadlineMs, shouldStop: options.shouldStop });
    if (icons.length > 0)
      log.info(
        `round ${roundId}: icons: ${icons.length} site(s), ${icons.filter((icon) => icon.state === "found").length} found`,
      );
  }
  await finishRound(db, { roundId, finishedAt: settings.clock.now(), tally });
  log.info(
    `round ${roundId} (${options.trigger}): ${tally.sourcesAttempted}/${tally.sourcesDue} sources, ok=${tally.okCount} not_modified=${tally.notModifiedCount} error=${tally.errorCount} new=${tally.newArticles} bytes=${tally.bytesReceived}${tally.offline ? " OFFLINE" : ""}${tally.budgetExhausted ? " (budget exhausted)" : ""}${describeLeft(tally)}`,
  );
  return { status: "completed", roundId, lines, tally };
}

function describeLeft(tally: RoundTally): string {
  const left = [
    tally.leftForBudget > 0 ? `${tally.leftForBudget} for the budget` : null,
    tally.leftForHostHold > 0 ? `${tally.leftForHostHold} for a host hold` : null,
  ].filter(Boolean);
  return left.length > 0 ? ` left: ${left.join(", ")}` : "";
}

function failedReport(roundId: number | null, lines: FetchLine[], tally: RoundTally, reason: string): RoundReport {
  return { status: "failed", roundId, lines, tally, reason };
}

type Picked = { more: SourceFeed; holds: HostHolds } | { reason: string };

/** Where the walk's sources come from: the due list, page by page (claimed by domain when sharing), or the one source asked for. */
async function pickSources(
  db: Db,
  settings: RoundSettings,
  options: RoundOptions,
  { now, sharing }: { now: Date; sharing: boolean },
): Promise<Picked> {
  const { sourceId } = options;
  if (sourceId === undefined) {
    const due = await countDueSources(db, now);
    // Nothing to fetch is not a round: no Round row for an idle tick.
    if (due === 0) return { reason: "no source is due" };
    const holds = await listWaitingHosts(db, now);
    const pageSize = settings.duePageSize;
    const more = sharing
      ? feedByDomainClaims(db, settings, { now, ttlMs: roundLeaseTtlMs(settings), pageSize })
      : feedDuePages(db, { now, due, pageSize });
    return { more, holds };
  }
  const source = await findSourceForManualFetch(db, sourceId, now, options.repeatMs);
  if (source === null) return { reason: `no source with id ${sourceId}` };
  if ("waitUntil" in source)
    return { reason: `its publisher asked to wait until ${source.waitUntil.toISOString()} (Retry-After)` };
  if ("fetchedAt" in source) {
    return {
      reason: `it was fetched at ${source.fetchedAt.toISOString()}, less than ${Math.round((options.repeatMs ?? 0) / 60_000)} minutes ago; asking again so soon would cost its publisher a request for nothing new`,
    };
  }
  return { more: feedList([source]), holds: new Map() };
}
