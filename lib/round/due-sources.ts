// Which sources a round fetches: enabled and due, oldest due first, except those whose host
// asked everyone to wait (Retry-After).
//
// "Due" has a small tolerance: a source fetched 10 s into a round is due again 10 s after the
// tick one interval later, and would otherwise wait a whole extra tick (an hourly feed fetched
// every 65 minutes). Sources under a Retry-After get no tolerance: that time is the publisher's.
import { Prisma } from "@/lib/generated/sqlite";
import { sqlReaderOf, type Db } from "@/lib/db/prisma-client";
import { hostOf } from "@/lib/fetch/host-of";

import type { SourceRow } from "@/lib/store/source-row";

/** What the round's list needs: which source, and its host (for Retry-After and interleaving). */
export type ListedSource = { id: number; feedUrl: string };

/** The whole row, read once just before the fetch: the store records the fetch against it. */
export type DueSource = SourceRow;

/** At most this early, and only for sources not under a Retry-After. */
export const DUE_TOLERANCE_MS = 30_000;

export async function listDueSources(db: Db, now: Date): Promise<ListedSource[]> {
  const [due, waitingHosts] = await Promise.all([
    db.source.findMany({
      where: {
        enabled: true,
        OR: [
          { nextDueAt: { lte: now } },
          { nextDueAt: { lte: new Date(now.getTime() + DUE_TOLERANCE_MS) }, OR: [{ retryAfterUntil: null }, { retryAfterUntil: { lte: now } }] },
        ],
      },
      orderBy: [{ nextDueAt: "asc" }, { id: "asc" }],
      select: { id: true, feedUrl: true },
    }),
    listWaitingHosts(db, now),
  ]);
  return due.filter((source) => !waitingHosts.has(hostOf(source.feedUrl)));
}

/**
 * The row as it is now, just before its fetch: a round walks its list for minutes, and the person
 * may have disabled, edited or removed a source meanwhile (null when removed). The store decides
 * and writes from this row without reading it again.
 */
export async function rereadSource(db: Db, sourceId: number): Promise<DueSource | null> {
  const [row] = await sqlReaderOf(db).all<DueSource>(Prisma.sql`SELECT * FROM "Source" WHERE "id" = ${sourceId}`);
  return row ?? null;
}

/** A manual fetch takes the source whatever its schedule, but still honours its host's Retry-After. */
export async function findSourceForManualFetch(db: Db, sourceId: number, now: Date): Promise<ListedSource | { waitUntil: Date } | null> {
  const source = await db.source.findUnique({ where: { id: sourceId }, select: { id: true, feedUrl: true } });
  if (!source) return null;
  const host = await db.hostState.findUnique({ where: { host: hostOf(source.feedUrl) } });
  if (host?.retryAfterUntil && host.retryAfterUntil > now) return { waitUntil: host.retryAfterUntil };
  return source;
}

async function listWaitingHosts(db: Db, now: Date): Promise<Set<string>> {
  const hosts = await db.hostState.findMany({ where: { retryAfterUntil: { gt: now } }, select: { host: true } });
  return new Set(hosts.map((row) => row.host));
}
