// Everything the source alert rules read, in one place. Bounded and indexed: only the sources a
// round fetched, those with an open alert (to see their condition end) and those that may be
// broken without a fetch (breaker open, gone, failing for a day); per source its FetchDaily rows
// of 37 days (primary key sourceId, day), its newest fetch rows and its full responses of 30 days
// (index sourceId, startedAt; `take` caps both).
import type { Db } from "@/lib/db/prisma-client";
import {
  BASELINE_DAYS,
  CHURN_RUN,
  FAILING_FOR_MS,
  RECENT_DAYS,
  SIZE_WINDOW_DAYS,
  type SourceAlertInput,
} from "@/lib/health/alert-rules";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Full responses read for the median size: enough for a steady median, few enough to stay cheap. */
const SIZE_SAMPLES = 100;
/** SQLite allows 999 bound values a statement; lists of ids go in slices below that. */
const ID_SLICE = 500;

export type SourceFacts = { id: number; title: string; feedUrl: string };
export type SourceAlertSubject = { facts: SourceFacts; input: SourceAlertInput };

export async function readSourceAlertInputs(db: Db, input: { now: Date; sourceIds: readonly number[] }): Promise<SourceAlertSubject[]> {
  const { now } = input;
  const candidates = await db.source.findMany({
    where: { OR: [{ enabled: false, disabledReason: "gone" }, { breakerState: { not: "closed" } }, { failingSince: { lt: new Date(now.getTime() - FAILING_FOR_MS) } }] },
    select: { id: true },
  });
  const ids = [...new Set([...input.sourceIds, ...candidates.map((row) => row.id)])];
  const subjects: SourceAlertSubject[] = [];
  for (let start = 0; start < ids.length; start += ID_SLICE) {
    subjects.push(...(await readSlice(db, now, ids.slice(start, start + ID_SLICE))));
  }
  return subjects;
}

async function readSlice(db: Db, now: Date, ids: number[]): Promise<SourceAlertSubject[]> {
  const firstDay = new Date(now.getTime() - (RECENT_DAYS + BASELINE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const [sources, daily] = await Promise.all([
    db.source.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        title: true,
        customTitle: true,
        feedUrl: true,
        enabled: true,
        disabledReason: true,
        breakerState: true,
        consecutiveErrors: true,
        lastErrorKind: true,
        failingSince: true,
      },
    }),
    db.fetchDaily.findMany({ where: { sourceId: { in: ids }, day: { gte: firstDay } }, select: { sourceId: true, day: true, notModified: true, conditional: true } }),
  ]);
  const sizeSince = new Date(now.getTime() - SIZE_WINDOW_DAYS * DAY_MS);
  const subjects: SourceAlertSubject[] = [];
  for (const source of sources) {
    const [recentFetches, fullResponses] = await Promise.all([
      db.fetch.findMany({
        where: { sourceId: source.id },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
        take: CHURN_RUN + 1,
        select: { outcome: true, bodyUnchanged: true, etagReceived: true, lastModifiedReceived: true },
      }),
      db.fetch.findMany({
        where: { sourceId: source.id, outcome: "ok", startedAt: { gte: sizeSince } },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
        take: SIZE_SAMPLES + 1,
        select: { bodyBytes: true, bytesReceived: true },
      }),
    ]);
    subjects.push({
      facts: { id: source.id, title: source.customTitle ?? source.title, feedUrl: source.feedUrl },
      input: {
        now,
        enabled: source.enabled,
        disabledReason: source.disabledReason,
        breakerState: source.breakerState,
        consecutiveErrors: source.consecutiveErrors,
        lastErrorKind: source.lastErrorKind,
        failingSince: source.failingSince,
        daily: daily.filter((row) => row.sourceId === source.id),
        recentFetches,
        // The decoded size: what the publisher's feed weighs, whatever the compression.
        fullSizes: fullResponses.map((row) => row.bodyBytes ?? row.bytesReceived),
      },
    });
  }
  return subjects;
}
