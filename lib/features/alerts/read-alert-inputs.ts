// Everything the source alert rules read, in one place. Bounded and indexed: only the sources a
// round fetched, those with an open alert (to see their condition end) and those that may be
// broken without a fetch (breaker open, gone, failing for a day); per source its FetchDaily rows
// of 37 days (primary key sourceId, day), its newest fetch rows and its full responses of 30 days
// (index sourceId, startedAt; a rank caps both), a few queries per 500 sources, not per source.
import { FEED_ONLY_SQL } from "@/lib/base/fetch-kinds";
import { sql, joinSql, emptySql, rawSql } from "@/lib/db/sql";
import { sqlReaderOf, type Db } from "@/lib/db/client";
import {
  BASELINE_DAYS,
  CHURN_RUN,
  FAILING_FOR_MS,
  RECENT_DAYS,
  SIZE_WINDOW_DAYS,
  type SourceAlertInput,
} from "@/lib/features/alerts/alert-rules";
import { SOURCE_HEALTH_COLUMNS } from "@/lib/reads/health/rules/classify-source-health";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Full responses read for the median size: enough for a steady median, few enough to stay cheap. */
const SIZE_SAMPLES = 100;
/** SQLite allows 999 bound values a statement; lists of ids go in slices below that. */
const ID_SLICE = 500;

export type SourceFacts = { id: number; title: string; feedUrl: string };
export type SourceAlertSubject = { facts: SourceFacts; input: SourceAlertInput };

export async function readSourceAlertInputs(
  db: Db,
  input: { now: Date; sourceIds: readonly number[]; sizeAlertIds: ReadonlySet<number> },
): Promise<SourceAlertSubject[]> {
  const { now } = input;
  const candidates = await db.source.findMany({
    where: {
      OR: [
        { enabled: false, disabledReason: "gone" },
        { breakerState: { not: "closed" } },
        { failingSince: { lt: new Date(now.getTime() - FAILING_FOR_MS) } },
      ],
    },
    select: { id: true },
  });
  const ids = [...new Set([...input.sourceIds, ...candidates.map((row) => row.id)])];
  const subjects: SourceAlertSubject[] = [];
  for (let start = 0; start < ids.length; start += ID_SLICE) {
    subjects.push(...(await readSlice(db, now, ids.slice(start, start + ID_SLICE), input.sizeAlertIds)));
  }
  return subjects;
}

async function readSlice(
  db: Db,
  now: Date,
  ids: number[],
  sizeAlertIds: ReadonlySet<number>,
): Promise<SourceAlertSubject[]> {
  const firstDay = new Date(now.getTime() - (RECENT_DAYS + BASELINE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const [sources, daily, recent] = await Promise.all([
    db.source.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        title: true,
        feedUrl: true,
        ...SOURCE_HEALTH_COLUMNS,
        lastErrorKind: true,
        failingSince: true,
      },
    }),
    db.fetchDaily.findMany({
      where: { sourceId: { in: ids }, day: { gte: firstDay } },
      select: { sourceId: true, day: true, notModified: true, conditional: true },
    }),
    readNewestFetches(db, ids, { take: CHURN_RUN + 1 }),
  ]);
  // A size verdict changes only with a full response: sizes are read for the sources whose newest
  // fetch is one, and for those with an open size alert (to judge it again).
  const sized = ids.filter((id) => recent.get(id)?.[0]?.outcome === "ok" || sizeAlertIds.has(id));
  const sizes = await readNewestFetches(db, sized, {
    take: SIZE_SAMPLES + 1,
    okSince: new Date(now.getTime() - SIZE_WINDOW_DAYS * DAY_MS),
  });
  const dailyBySource = new Map<number, typeof daily>();
  for (const row of daily) {
    const list = dailyBySource.get(row.sourceId);
    if (list) list.push(row);
    else dailyBySource.set(row.sourceId, [row]);
  }
  return sources.map((source) => ({
    // The admin's alerts name a source by its feed's title: a reader's own title is theirs alone.
    facts: { id: source.id, title: source.title, feedUrl: source.feedUrl },
    input: {
      now,
      enabled: source.enabled,
      disabledReason: source.disabledReason,
      breakerState: source.breakerState,
      consecutiveErrors: source.consecutiveErrors,
      lastErrorKind: source.lastErrorKind,
      failingSince: source.failingSince,
      daily: dailyBySource.get(source.id) ?? [],
      recentFetches: recent.get(source.id) ?? [],
      // The decoded size: what the publisher's feed weighs, whatever the compression.
      fullSizes: (sizes.get(source.id) ?? []).map((row) => row.bodyBytes ?? row.bytesReceived),
    },
  }));
}

type FetchRow = {
  sourceId: number;
  outcome: string;
  bodyUnchanged: boolean;
  etagReceived: string | null;
  lastModifiedReceived: string | null;
  bodyBytes: number | null;
  bytesReceived: number;
};

/**
 * The newest `take` fetch rows of each source (only full responses since `okSince` when given),
 * newest first, in ONE ranked query over the (sourceId, startedAt) index, not one per source.
 */
async function readNewestFetches(
  db: Db,
  ids: readonly number[],
  options: { take: number; okSince?: Date },
): Promise<Map<number, FetchRow[]>> {
  const grouped = new Map<number, FetchRow[]>();
  if (ids.length === 0) return grouped;
  const okOnly =
    options.okSince === undefined ? emptySql : sql`AND "outcome" = 'ok' AND "startedAt" >= ${options.okSince}`;
  // The rules judge the publisher's answers to the feed's requests; a WebSub push (outcome push) is
  // none, and an article page's or an icon's answer says nothing about the feed.
  const requestsOnly = sql`AND "outcome" <> 'push' AND ${rawSql(FEED_ONLY_SQL)}`;
  const rows = await sqlReaderOf(db).all<FetchRow & { position: number | bigint }>(sql`
    SELECT * FROM (
      SELECT "sourceId", "outcome", "bodyUnchanged", "etagReceived", "lastModifiedReceived", "bodyBytes", "bytesReceived",
        ROW_NUMBER() OVER (PARTITION BY "sourceId" ORDER BY "startedAt" DESC, "id" DESC) AS "position"
      FROM "Fetch" WHERE "sourceId" IN (${joinSql(ids)}) ${requestsOnly} ${okOnly}
    ) AS "ranked"
    WHERE "position" <= ${options.take}
    ORDER BY "sourceId", "position"`);
  for (const row of rows) {
    const list = grouped.get(Number(row.sourceId)) ?? [];
    // SQLite hands a column of a ranked subquery back as 0/1.
    list.push({ ...row, sourceId: Number(row.sourceId), bodyUnchanged: Boolean(row.bodyUnchanged) });
    grouped.set(Number(row.sourceId), list);
  }
  return grouped;
}
