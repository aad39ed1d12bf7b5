import "server-only";
import { getDb, sqlReaderOf } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { sumPublisherDays } from "@/lib/reads/health/sum-publisher-days";
import { getEnv } from "@/lib/base/env";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import { buildHealthStateSql, type SourceHealthState } from "@/lib/reads/health/rules/classify-source-health";
import { listPageCosts } from "@/lib/reads/health/list-page-costs";
import {
  describeRobotsState,
  summarisePublishers,
  type PublisherSummary,
} from "@/lib/reads/health/rules/summarise-publishers";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";

/** The period every publisher figure covers (FetchDaily roll-ups and the fetch log). */
export const PUBLISHER_DAYS = 30;

/**
 * Every publisher, or only the one with this key (an empty list when none has it). Both big reads
 * (every source with its state, 30 days of roll-ups per source: sum-publisher-days.ts) go through
 * the plain SQL reader: at 10,000 sources Prisma's mapping of their rows cost more than the queries.
 */
export async function listPublishers(now: Date, onlyKey: string | null = null): Promise<PublisherSummary[]> {
  const db = getDb();
  const reader = sqlReaderOf(db);
  const rows = await reader.all<{
    id: number;
    displayTitle: string;
    feedUrl: string;
    health: SourceHealthState;
    failingSince: Date | null;
  }>(sql`SELECT "id", "title" AS "displayTitle", "feedUrl", ${buildHealthStateSql(now)} AS "health",
    "failingSince" FROM "Source"`);
  const sources = rows.filter((row) => onlyKey === null || politenessKeyOf(row.feedUrl) === onlyKey);
  if (sources.length === 0) return [];
  const ids = onlyKey === null ? undefined : sources.map((source) => source.id);
  const since = new Date(now.getTime() - (PUBLISHER_DAYS - 1) * 24 * 60 * 60 * 1000);
  // The caching evidence is summed from the roll-ups too: the raw log is far too big to read here.
  const [summed, holds, robots, pages] = await Promise.all([
    sumPublisherDays(db, since.toISOString().slice(0, 10), now.toISOString().slice(0, 10), ids),
    db.hostState.findMany({ where: { retryAfterUntil: { gt: now } }, select: { host: true, retryAfterUntil: true } }),
    db.robotsTxt.findMany({
      select: { origin: true, httpStatus: true, body: true, fetchedAt: true },
      orderBy: { origin: "asc" },
    }),
    listPageCosts({ since: startOfUtcDay(since), sourceIds: ids }),
  ]);
  const wanted = new Set(sources.map((source) => source.id));
  const daily = [...summed].flatMap(([sourceId, sums]) => (wanted.has(sourceId) ? [{ sourceId, ...sums }] : []));
  // A source with page requests and no feed roll-up yet still counts them.
  const pageCosts = new Map(pages.map((page) => [page.sourceId, page]));
  const dailyIds = new Set(daily.map((row) => row.sourceId));
  const pageOnly = pages.filter((page) => !dailyIds.has(page.sourceId));
  const mode = roundSettingsFromEnv(getEnv()).robots;
  return summarisePublishers({
    sources,
    daily: [
      ...daily.map((row) => ({
        sourceId: row.sourceId,
        ...{ ok: row.ok, notModified: row.notModified, error: row.error },
        ...{ bytesReceived: row.bytesReceived, bytesSaved: row.bytesSaved },
        pageRequests: pageCosts.get(row.sourceId)?.requests ?? 0,
        pageBytes: pageCosts.get(row.sourceId)?.bytes ?? 0,
      })),
      ...pageOnly.map((page) => ({
        sourceId: page.sourceId,
        ...{ ok: 0, notModified: 0, error: 0, bytesReceived: 0, bytesSaved: 0 },
        pageRequests: page.requests,
        pageBytes: page.bytes,
      })),
    ],
    evidence: new Map(
      daily.map((row) => [
        row.sourceId,
        {
          fullResponses: row.ok,
          ...{ answered304: row.answered304, churned: row.churned, resent: row.resent, changed: row.changed },
        },
      ]),
    ),
    holds: holds.map((hold) => ({ host: hold.host, until: hold.retryAfterUntil! })),
    robots: robots.map((row) => ({ origin: row.origin, words: describeRobotsState(row, mode) })),
  });
}

function startOfUtcDay(date: Date): Date {
  return new Date(`${date.toISOString().slice(0, 10)}T00:00:00.000Z`);
}
