// Which sources a round fetches: enabled and due, oldest due first, read a page at a time
// (source-feed.ts), with the Retry-After holds of their hosts (the round fetches those once the
// hold has ended, if that is within its budget).
//
// "Due" has a small tolerance: a source fetched 10 s into a round is due again 10 s after the
// tick one interval later, and would otherwise wait a whole extra tick (an hourly feed fetched
// every 65 minutes). Sources under a Retry-After get no tolerance: that time is the publisher's.
import { sql } from "@/lib/db/sql";
import { sqlReaderOf, type Db } from "@/lib/db/client";
import { findHostHold } from "@/lib/pipeline/lanes/find-host-hold";

import type { SourceRow } from "@/lib/pipeline/store/fetch/source-row";

/** What the round's list needs: which source, and its host (for Retry-After and interleaving). */
export type ListedSource = { id: number; feedUrl: string };

/** The whole row, read once just before the fetch: the store records the fetch against it. */
export type DueSource = SourceRow;

/** At most this early, and only for sources not under a Retry-After. */
export const DUE_TOLERANCE_MS = 30_000;

/** Host name → end of its Retry-After hold (only holds still running). */
export type HostHolds = Map<string, Date>;

/** Where a walk through the due list has got to: the last source handed over, in due order. */
export type DueCursor = { nextDueAt: Date; id: number };

/** Enabled and due at `now`; and not fetched since `now`, so a round never lists a source it fetched. */
function dueAt(now: Date) {
  return {
    enabled: true,
    OR: [
      { nextDueAt: { lte: now } },
      {
        nextDueAt: { lte: new Date(now.getTime() + DUE_TOLERANCE_MS) },
        OR: [{ retryAfterUntil: null }, { retryAfterUntil: { lte: now } }],
      },
    ],
    AND: [{ OR: [{ lastFetchedAt: null }, { lastFetchedAt: { lt: now } }] }],
  };
}

export async function countDueSources(db: Db, now: Date): Promise<number> {
  return db.source.count({ where: dueAt(now) });
}

/**
 * The next page of the sources due at `now` (the round's start), oldest due first, after `after`.
 * A keyset page on (nextDueAt, id): a source fetched meanwhile is due later or not at all, so a walk
 * that reads page after page never meets a source twice, and never passes over one still due.
 */
export async function listDuePage(
  db: Db,
  input: { now: Date; after: DueCursor | null; limit: number },
): Promise<{ sources: ListedSource[]; last: DueCursor | null }> {
  const { after } = input;
  const rows = await db.source.findMany({
    where: {
      AND: [
        dueAt(input.now),
        after
          ? { OR: [{ nextDueAt: { gt: after.nextDueAt } }, { nextDueAt: after.nextDueAt, id: { gt: after.id } }] }
          : {},
      ],
    },
    orderBy: [{ nextDueAt: "asc" }, { id: "asc" }],
    take: input.limit,
    select: { id: true, feedUrl: true, nextDueAt: true },
  });
  const last = rows.at(-1);
  return {
    sources: rows.map(({ id, feedUrl }) => ({ id, feedUrl })),
    last: last ? { nextDueAt: last.nextDueAt, id: last.id } : after,
  };
}

/**
 * The row as it is now, just before its fetch: a round walks its list for minutes, and the person
 * may have disabled, edited or removed a source meanwhile (null when removed). The store decides
 * and writes from this row without reading it again.
 */
export async function rereadSource(db: Db, sourceId: number): Promise<DueSource | null> {
  const [row] = await sqlReaderOf(db).all<DueSource>(sql`SELECT * FROM "Source" WHERE "id" = ${sourceId}`);
  return row ?? null;
}

/**
 * A manual fetch takes the source whatever its schedule, but never undercuts a Retry-After (its
 * host's or its own), and a source fetched within `repeatMs` is not asked again: a second click
 * would cost the publisher a request and could bring nothing the first did not.
 */
export async function findSourceForManualFetch(
  db: Db,
  sourceId: number,
  now: Date,
  repeatMs = 0,
): Promise<ListedSource | { waitUntil: Date } | { fetchedAt: Date } | null> {
  const source = await db.source.findUnique({
    where: { id: sourceId },
    select: { id: true, feedUrl: true, retryAfterUntil: true, lastFetchedAt: true },
  });
  if (!source) return null;
  const host = await findHostHold(db, source.feedUrl, now);
  const waitUntil = [host, source.retryAfterUntil]
    .filter((date): date is Date => date !== null && date > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (waitUntil) return { waitUntil };
  if (source.lastFetchedAt && now.getTime() - source.lastFetchedAt.getTime() < repeatMs)
    return { fetchedAt: source.lastFetchedAt };
  return { id: source.id, feedUrl: source.feedUrl };
}

export async function listWaitingHosts(db: Db, now: Date): Promise<HostHolds> {
  const hosts = await db.hostState.findMany({
    where: { retryAfterUntil: { gt: now } },
    select: { host: true, retryAfterUntil: true },
  });
  return new Map(hosts.map((row) => [row.host, row.retryAfterUntil!]));
}
