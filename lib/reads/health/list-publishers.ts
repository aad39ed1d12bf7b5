import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";
import { classifySourceHealth } from "@/lib/reads/health/rules/classify-source-health";
import { listPageCosts } from "@/lib/reads/health/list-page-costs";
import {
  describeRobotsState,
  summarisePublishers,
  type PublisherSummary,
} from "@/lib/reads/health/rules/summarise-publishers";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { displayTitleOf } from "@/lib/db/display-title";
import { SOURCE_NAME_COLUMNS } from "@/lib/db/display-title";
import { SOURCE_HEALTH_COLUMNS } from "@/lib/reads/health/rules/classify-source-health";

/** The period every publisher figure covers (FetchDaily roll-ups and the fetch log). */
export const PUBLISHER_DAYS = 30;

/** Every publisher, or only the one with this key (an empty list when none has it). */
export async function listPublishers(now: Date, onlyKey: string | null = null): Promise<PublisherSummary[]> {
  const db = getDb();
  const rows = await db.source.findMany({
    select: {
      ...SOURCE_NAME_COLUMNS,
      ...SOURCE_HEALTH_COLUMNS,
      failingSince: true,
    },
  });
  const sources = rows
    .filter((row) => onlyKey === null || politenessKeyOf(row.feedUrl) === onlyKey)
    .map((row) => ({
      id: row.id,
      displayTitle: displayTitleOf(row),
      feedUrl: row.feedUrl,
      health: classifySourceHealth(row, now),
      failingSince: row.failingSince,
    }));
  if (sources.length === 0) return [];
  const ids = onlyKey === null ? undefined : sources.map((source) => source.id);
  const since = new Date(now.getTime() - (PUBLISHER_DAYS - 1) * 24 * 60 * 60 * 1000);
  // The caching evidence is summed from the roll-ups too: the raw log is far too big to read here.
  const [daily, holds, robots, pages] = await Promise.all([
    db.fetchDaily.groupBy({
      by: ["sourceId"],
      where: { day: { gte: since.toISOString().slice(0, 10) }, ...(ids ? { sourceId: { in: ids } } : {}) },
      _sum: {
        ...{ ok: true, notModified: true, error: true, bytesReceived: true, bytesSaved: true },
        ...{ answered304: true, churned: true, resent: true, changed: true },
      },
    }),
    db.hostState.findMany({ where: { retryAfterUntil: { gt: now } }, select: { host: true, retryAfterUntil: true } }),
    db.robotsTxt.findMany({
      select: { origin: true, httpStatus: true, body: true, fetchedAt: true },
      orderBy: { origin: "asc" },
    }),
    listPageCosts({ since: startOfUtcDay(since), sourceIds: ids }),
  ]);
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
        ok: row._sum.ok ?? 0,
        notModified: row._sum.notModified ?? 0,
        error: row._sum.error ?? 0,
        bytesReceived: row._sum.bytesReceived ?? 0,
        bytesSaved: row._sum.bytesSaved ?? 0,
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
          fullResponses: row._sum.ok ?? 0,
          answered304: row._sum.answered304 ?? 0,
          churned: row._sum.churned ?? 0,
          resent: row._sum.resent ?? 0,
          changed: row._sum.changed ?? 0,
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
