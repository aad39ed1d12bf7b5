// The only subscriber of a source gives it a new feed address no other source has (the edit form;
// update-source.ts decides, and move-subscription.ts serves the other cases). Everything learnt from the old
// address goes with it: validators and body hash (they describe the old URL's responses, and
// sending them to the new one could earn a wrong 304), the refused body, a pending redirect, the
// publisher's floor, the error count and the breaker. The source is due at once, so the next round fetches the
// new address through the round's lane (an HTML page there is followed to its one feed).
import type { Tx } from "@/lib/db/client";

export async function applyFeedUrl(
  tx: Tx,
  input: { sourceId: number; feedUrl: string; previousUrl: string; now: Date },
): Promise<void> {
  await tx.source.update({
    where: { id: input.sourceId },
    data: {
      feedUrl: input.feedUrl,
      etag: null,
      lastModified: null,
      lastBodyHash: null,
      lastBodyBytes: null,
      refusedKind: null,
      refusedDetail: null,
      refusedEtag: null,
      refusedLastModified: null,
      refusedBodyHash: null,
      refusedBodyLimit: null,
      pendingRedirectUrl: null,
      pendingRedirectCount: 0,
      publisherFloorSeconds: null,
      retryAfterUntil: null,
      consecutiveErrors: 0,
      failingSince: null,
      consecutiveNotModified: 0,
      // The breaker judged the old address; the new one starts with a clean record.
      breakerState: "closed",
      breakerChangedAt: null,
      breakerCooldownSeconds: null,
      nextDueAt: input.now,
      nextCheckReason: "feed address changed by you: fetched in the next round",
    },
  });
  await tx.sourceEvent.create({
    data: {
      sourceId: input.sourceId,
      at: input.now,
      kind: "url_changed",
      detail: `Changed by you: ${input.previousUrl} → ${input.feedUrl}`,
    },
  });
}
