// A fetched feed names a hub (lib/websub/discover-hub.ts): the subscription to it is recorded, due
// at once, and the next maintenance pass (lib/websub/maintain-subscriptions.ts) asks the hub. A
// feed that moves to another hub or topic is subscribed afresh. Written after the fetch's own
// batch, not inside it: the subscription is the WebSub feature's row, not the fetch's state, and a
// fetch that names the same hub again writes nothing.
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { DiscoveredHub } from "@/lib/pipeline/websub/discover-hub";
import type { StoredStanding } from "@/lib/pipeline/websub/read-push-standing";

/** 32 random bytes, base64url: the callback's path segment and hub.secret (under §5.1's 200 bytes). */
export function createWebSubToken(): string {
  return randomBytes(32).toString("base64url");
}

export async function recordHubOffer(
  db: Db,
  input: { sourceId: number; offered: DiscoveredHub | null; standing: StoredStanding | null; now: Date },
): Promise<void> {
  const { sourceId, offered, standing, now } = input;
  // A feed that stops naming its hub keeps its subscription until the lease ends: a hub named
  // only on some responses (a CDN that strips headers now and then) must not cause churn.
  if (offered === null) return;
  if (standing === null) {
    await db.webSubSubscription.upsert({
      where: { sourceId },
      create: {
        sourceId,
        ...offered,
        callbackToken: createWebSubToken(),
        secret: createWebSubToken(),
        nextRequestAt: now,
      },
      update: {},
    });
    return;
  }
  if (standing.hubUrl === offered.hubUrl && standing.topicUrl === offered.topicUrl) return;
  await db.webSubSubscription.update({
    where: { id: standing.id },
    data: {
      ...offered,
      // A new secret for the new hub: the old hub must not be able to sign for the new one.
      secret: createWebSubToken(),
      state: "pending",
      pendingMode: null,
      verifiedAt: null,
      leaseSeconds: null,
      leaseExpiresAt: null,
      missedPushAt: null,
      failedRequests: 0,
      lastError: null,
      nextRequestAt: now,
    },
  });
}
