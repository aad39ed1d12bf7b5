import "server-only";
// GET /metrics in the Prometheus text format: fetches by outcome and error kind, bytes received
// and saved by 304s, round durations, sources by breaker state, articles stored, event-loop delay.
// Counters come from the database, so they survive restarts and agree across instances.
import { getDb } from "@/lib/db/client";
import { readEventLoopDelay } from "@/lib/metrics/event-loop";

type Sample = { labels?: Record<string, string>; value: number };
type Family = { name: string; help: string; type: "counter" | "gauge"; samples: Sample[] };

export async function renderMetrics(): Promise<string> {
  const db = getDb();
  const [byOutcome, bytes, rounds, lastRound, breakers, enabled, articles] = await Promise.all([
    db.fetchDaily.aggregate({ _sum: { ok: true, notModified: true, error: true } }),
    db.fetchDaily.aggregate({ _sum: { bytesReceived: true, bytesSaved: true } }),
    db.round.aggregate({ _count: { _all: true }, where: { finishedAt: { not: null } } }),
    db.round.findFirst({ where: { finishedAt: { not: null } }, orderBy: { id: "desc" }, select: { startedAt: true, finishedAt: true } }),
    db.source.groupBy({ by: ["breakerState"], _count: { _all: true } }),
    db.source.groupBy({ by: ["enabled"], _count: { _all: true } }),
    db.article.count(),
  ]);
  const errorKinds = await db.fetch.groupBy({ by: ["errorKind"], _count: { _all: true }, where: { outcome: "error" } });
  const delay = readEventLoopDelay();
  const families: Family[] = [
    {
      name: "tidings_fetches_total",
      help: "Fetches by outcome (from the daily roll-ups, so pruning does not lower it).",
      type: "counter",
      samples: [
        { labels: { outcome: "ok" }, value: byOutcome._sum.ok ?? 0 },
        { labels: { outcome: "not_modified" }, value: byOutcome._sum.notModified ?? 0 },
        { labels: { outcome: "error" }, value: byOutcome._sum.error ?? 0 },
      ],
    },
    {
      name: "tidings_fetch_errors_retained",
      help: "Error fetches in the retained fetch log, by error kind.",
      type: "gauge",
      samples: errorKinds.map((row) => ({ labels: { kind: row.errorKind ?? "unknown" }, value: row._count._all })),
    },
    { name: "tidings_bytes_received_total", help: "Bytes received from publishers (on the wire).", type: "counter", samples: [{ value: bytes._sum.bytesReceived ?? 0 }] },
    { name: "tidings_bytes_saved_by_304_total", help: "Estimated bytes publishers did not send thanks to 304s.", type: "counter", samples: [{ value: bytes._sum.bytesSaved ?? 0 }] },
    { name: "tidings_rounds_total", help: "Finished fetch rounds.", type: "counter", samples: [{ value: rounds._count._all }] },
    {
      name: "tidings_last_round_duration_seconds",
      help: "Duration of the last finished round.",
      type: "gauge",
      samples: lastRound?.finishedAt ? [{ value: (lastRound.finishedAt.getTime() - lastRound.startedAt.getTime()) / 1000 }] : [],
    },
    { name: "tidings_sources", help: "Sources by breaker state.", type: "gauge", samples: breakers.map((row) => ({ labels: { breaker: row.breakerState }, value: row._count._all })) },
    { name: "tidings_sources_enabled", help: "Sources by enabled state.", type: "gauge", samples: enabled.map((row) => ({ labels: { enabled: String(row.enabled) }, value: row._count._all })) },
    { name: "tidings_articles", help: "Articles stored.", type: "gauge", samples: [{ value: articles }] },
    {
      name: "tidings_event_loop_delay_seconds",
      help: "Event-loop delay of this server process since start.",
      type: "gauge",
      samples: delay ? [{ labels: { quantile: "0.5" }, value: delay.p50 }, { labels: { quantile: "0.99" }, value: delay.p99 }, { labels: { quantile: "1" }, value: delay.max }] : [],
    },
  ];
  return families.map(renderFamily).join("");
}

function renderFamily(family: Family): string {
  const lines = [`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`];
  for (const sample of family.samples) lines.push(`${family.name}${renderLabels(sample.labels)} ${sample.value}`);
  return `${lines.join("\n")}\n`;
}

function renderLabels(labels: Record<string, string> | undefined): string {
  if (!labels) return "";
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n")}"`);
  return `{${pairs.join(",")}}`;
}
