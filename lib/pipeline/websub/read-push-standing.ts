// A source's WebSub subscription as the round's store step needs it (lib/round/store-attempt.ts):
// whether a hub pushes the feed, and what it offered last.
import type { Db } from "@/lib/db/client";
import type { PushStanding } from "@/lib/pipeline/websub/push-schedule";

export type StoredStanding = PushStanding & { id: number; topicUrl: string };

export function readPushStanding(db: Db, sourceId: number): Promise<StoredStanding | null> {
  return db.webSubSubscription.findUnique({
    where: { sourceId },
    select: {
      id: true,
      state: true,
      hubUrl: true,
      topicUrl: true,
      verifiedAt: true,
      leaseExpiresAt: true,
      missedPushAt: true,
    },
  });
}
