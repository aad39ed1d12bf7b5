import "server-only";
// GET /metrics in the Prometheus text format: fetches by outcome and error kind, requests and bytes by kind, bytes received
// and saved by 304s, round durations, sources by breaker state, articles stored, event-loop delay;
// the scheduler's backlog (due, overdue, oldest overdue, what the last round left and why); and
// this process's per-fetch histograms and status-class counter (fetch-observations.ts says why
// those live in memory). The other counters come from the database's roll-ups, so they survive
// restarts and agree across instances. No label names a source: cardinality stays bounded.
import type { Db } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { readEventLoopDelay } from "@/lib/metrics/event-loop";
import { renderFamilies, type Family } from "@/lib/metrics/exposition";
import { readFetchObservations } from "@/lib/metrics/fetch-observations";
import { OVERDUE_AFTER_MS, readBacklog } from "@/lib/reads/health/read-backlog";

export async function renderMetrics(db: Db = getDb(), now: Date = new Date()): Promise<string> {
  const [byOutcome, bytes, removed, rounds, lastRound, breakers, enabled, articles, backlog] = await Promise.all([
    db.fetchDaily.aggregate({ _sum: { ok: true, notModified: true, error: true } }),
    db.fetchDaily.aggregate({ _sum: { bytesReceived: true, bytesSaved: true } }),
    // What removed sources had counted: their roll-ups are gone, the counters must not fall.
    db.removedSourceTally.findUnique({ where: { id: 1 } }),
    db.round.aggregate({ _count: { _all: true }, where: { finishedAt: { not: null } } }),
    db.round.findFirst({
      where: { finishedAt: { not: null } },
      orderBy: { id: "desc" },
      select: { startedAt: true, finishedAt: true },
    }),
    db.source.groupBy({ by: ["breakerState"], _count: { _all: true } }),
    db.source.groupBy({ by: ["enabled"], _count: { _all: true } }),
    db.article.count(),
    readBacklog(db, now),
  ]);
  // Every kind of request (feed, page, icon: lib/base/fetch-kinds.ts), the costs' rule: an article
  // page or an icon asked for is a request to the publisher too. The roll-ups above are the feeds';
  // pages and icons have their lasting tally (lib/pipeline/store/pages/log-requests-beside-feed.ts).
  const [errorKinds, besideFeed] = await Promise.all([
    db.fetch.groupBy({ by: ["errorKind"], _count: { _all: true }, where: { outcome: "error" } }),
    db.requestTally.findMany({ orderBy: { kind: "asc" } }),
  ]);
  const feedRequests =
    (byOutcome._sum.ok ?? 0) +
    (byOutcome._sum.notModified ?? 0) +
    (byOutcome._sum.error ?? 0) +
    Number((removed?.ok ?? 0n) + (removed?.notModified ?? 0n) + (removed?.error ?? 0n));
  const feedBytes = (bytes._sum.bytesReceived ?? 0) + Number(removed?.bytesReceived ?? 0);
  const requestsByKind = [
    { kind: "feed", requests: feedRequests, bytes: feedBytes },
    ...besideFeed.map((row) => ({ kind: row.kind, requests: Number(row.requests), bytes: Number(row.bytesReceived) })),
  ];
  const delay = readEventLoopDelay();
  const observed = readFetchObservations();
  const families: Family[] = [
    {
      name: "tidings_fetches_total",
      help: "Fetches by outcome (from the daily roll-ups, so neither pruning nor removing a source lowers it).",
      type: "counter",
      samples: [
        { labels: { outcome: "ok" }, value: (byOutcome._sum.ok ?? 0) + Number(removed?.ok ?? 0) },
        {
          labels: { outcome: "not_modified" },
          value: (byOutcome._sum.notModified ?? 0) + Number(removed?.notModified ?? 0),
        },
        { labels: { outcome: "error" }, value: (byOutcome._sum.error ?? 0) + Number(removed?.error ?? 0) },
      ],
    },
    {
      name: "tidings_fetch_errors_retained",
      help: "Error fetches in the retained fetch log, by error kind.",
      type: "gauge",
      samples: errorKinds.map((row) => ({ labels: { kind: row.errorKind ?? "unknown" }, value: row._count._all })),
    },
    {
      name: "tidings_requests_total",
      help: "Requests to publishers by what they asked for (feed, article page, site icon); neither pruning the fetch log nor removing a source lowers it.",
      type: "counter",
      samples: requestsByKind.map((row) => ({ labels: { kind: row.kind }, value: row.requests })),
    },
    {
      name: "tidings_request_bytes_total",
      help: "Bytes received (on the wire) by requests to publishers, by kind; neither pruning nor removing a source lowers it.",
      type: "counter",
      samples: requestsByKind.map((row) => ({ labels: { kind: row.kind }, value: row.bytes })),
    },
    {
      name: "tidings_bytes_received_total",
      help: "Bytes received from publishers (on the wire) by feed fetches.",
      type: "counter",
      samples: [{ value: (bytes._sum.bytesReceived ?? 0) + Number(removed?.bytesReceived ?? 0) }],
    },
    {
      name: "tidings_bytes_saved_by_304_total",
      help: "Estimated bytes publishers did not send thanks to 304s.",
      type: "counter",
      samples: [{ value: (bytes._sum.bytesSaved ?? 0) + Number(removed?.bytesSaved ?? 0) }],
    },
    {
      name: "tidings_rounds_total",
      help: "Finished fetch rounds.",
      type: "counter",
      samples: [{ value: rounds._count._all }],
    },
    {
      name: "tidings_last_round_duration_seconds",
      help: "Duration of the last finished round.",
      type: "gauge",
      samples: lastRound?.finishedAt
        ? [{ value: (lastRound.finishedAt.getTime() - lastRound.startedAt.getTime()) / 1000 }]
        : [],
    },
    {
      name: "tidings_sources",
      help: "Sources by breaker state.",
      type: "gauge",
      samples: breakers.map((row) => ({ labels: { breaker: row.breakerState }, value: row._count._all })),
    },
    {
      name: "tidings_sources_enabled",
      help: "Sources by enabled state.",
      type: "gauge",
      samples: enabled.map((row) => ({ labels: { enabled: String(row.enabled) }, value: row._count._all })),
    },
    { name: "tidings_articles", help: "Articles stored.", type: "gauge", samples: [{ value: articles }] },
    {
      name: "tidings_event_loop_delay_seconds",
      help: "Event-loop delay of this server process since start.",
      type: "gauge",
      samples: delay
        ? [
            { labels: { quantile: "0.5" }, value: delay.p50 },
            { labels: { quantile: "0.99" }, value: delay.p99 },
            { labels: { quantile: "1" }, value: delay.max },
          ]
        : [],
    },
    {
      name: "tidings_sources_due",
      help: "Enabled sources whose next check time has come.",
      type: "gauge",
      samples: [{ value: backlog.due }],
    },
    {
      name: "tidings_sources_overdue",
      help: `Enabled sources due for more than ${OVERDUE_AFTER_MS / 60_000} minutes (two ticks of the default cron).`,
      type: "gauge",
      samples: [{ value: backlog.overdue }],
    },
    {
      name: "tidings_oldest_overdue_seconds",
      help: "How long the most overdue source has been due (0 when none is overdue).",
      type: "gauge",
      samples: [{ value: backlog.oldestOverdueMs / 1000 }],
    },
    {
      name: "tidings_last_round_sources_left",
      help: "Due sources the last finished round left for later, by why (its time budget ran out, or their host was held by Retry-After).",
      type: "gauge",
      samples: backlog.lastRound
        ? [
            { labels: { reason: "budget" }, value: backlog.lastRound.leftForBudget },
            { labels: { reason: "host_hold" }, value: backlog.lastRound.leftForHostHold },
          ]
        : [],
    },
    {
      name: "tidings_fetch_responses_total",
      help: "Fetches stored by this process since it started, by outcome and HTTP status class (none: no response).",
      type: "counter",
      samples: observed.responses,
    },
    {
      name: "tidings_fetch_duration_seconds",
      help: "Time with the publisher per fetch, every hop, lane waits left out (this process since it started).",
      type: "histogram",
      samples: observed.duration,
    },
    {
      name: "tidings_parse_duration_seconds",
      help: "Time parsing a fetched body, for fetches that parsed one (this process since it started).",
      type: "histogram",
      samples: observed.parse,
    },
    {
      name: "tidings_fetch_body_bytes",
      help: "Body size of fetches that read one: on the wire (encoding=wire, before decompression) and decoded (this process since it started).",
      type: "histogram",
      samples: observed.body,
    },
    {
      name: "tidings_schedule_drift_seconds",
      help: "How late scheduled fetches started against their due time, early ones as 0 (this process since it started).",
      type: "histogram",
      samples: observed.drift,
    },
  ];
  return renderFamilies(families);
}
