import "server-only";
// The WebSub figures of the health pages: one source's subscription (the source page), the pushed
// sources among a publisher's (the publisher page), and the subscriptions that need a person's eye
// (the health page).
import { getDb } from "@/lib/db/client";
import { namedOrAll } from "@/lib/db/named-or-all";
import { describePushState, type PushState } from "@/lib/features/websub/describe-push-state";

export type WebSubHealth = PushState & {
  hubUrl: string;
  topicUrl: string;
  leaseExpiresAt: Date | null;
  nextRequestAt: Date;
  lastPushAt: Date | null;
  pushCount: number;
  droppedPushes: number;
  requestsSaved: number;
  missedPushAt: Date | null;
  lastError: string | null;
};

const FIELDS = {
  state: true,
  hubUrl: true,
  topicUrl: true,
  verifiedAt: true,
  leaseExpiresAt: true,
  nextRequestAt: true,
  lastPushAt: true,
  pushCount: true,
  droppedPushes: true,
  requestsSaved: true,
  missedPushAt: true,
  lastError: true,
} as const;

export async function getWebSubHealth(sourceId: number, now: Date): Promise<WebSubHealth | null> {
  const row = await getDb().webSubSubscription.findUnique({ where: { sourceId }, select: FIELDS });
  return row === null ? null : { ...row, ...describePushState(row, now) };
}

export type PushedSources = { subscribed: number; pushed: number; pushes: number; requestsSaved: number };

/** Among these sources (a publisher's): how many are subscribed, how many pushed now, and what it saved. */
export async function countPushedSources(sourceIds: readonly number[], now: Date): Promise<PushedSources> {
  const wanted = new Set(sourceIds);
  const rows = (
    await getDb().webSubSubscription.findMany({
      where: { sourceId: namedOrAll(sourceIds) },
      select: { ...FIELDS, sourceId: true },
    })
  ).filter((row) => row.sourceId !== null && wanted.has(row.sourceId));
  return {
    subscribed: rows.length,
    pushed: rows.filter((row) => describePushState(row, now).pushing).length,
    pushes: rows.reduce((sum, row) => sum + row.pushCount, 0),
    requestsSaved: rows.reduce((sum, row) => sum + row.requestsSaved, 0),
  };
}

export type WebSubNotice = { sourceId: number; title: string; state: PushState };

/** Subscriptions whose hub misses pushes, fails or denied: the health page lists them (at most `limit`). */
export async function listWebSubNotices(now: Date, limit = 50): Promise<WebSubNotice[]> {
  const rows = await getDb().webSubSubscription.findMany({
    where: {
      sourceId: { not: null },
      OR: [
        { state: { in: ["denied", "failing"] } },
        { missedPushAt: { not: null } },
        { state: "verified", leaseExpiresAt: { lte: now } },
      ],
    },
    select: { ...FIELDS, sourceId: true, source: { select: { title: true } } },
    orderBy: { updatedAt: "desc" },
    take: limit,
  });
  return rows.flatMap((row) =>
    row.sourceId === null || row.source === null
      ? []
      : [
          {
            sourceId: row.sourceId,
            title: row.source.title,
            state: describePushState(row, now),
          },
        ],
  );
}
