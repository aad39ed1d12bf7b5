// The person gives a source a new feed address (the edit form). Everything learnt from the old
// address goes with it: validators and body hash (they describe the old URL's responses, and
// sending them to the new one could earn a wrong 304), the refused body, a pending redirect, the
// publisher's floor, the error count and the breaker. The source is due at once, so the next round fetches the
// new address through the round's lane (an HTML page there is followed to its one feed).
import type { Tx } from "@/lib/db/client";
import { displayTitleOf } from "@/lib/db/display-title";

export type FeedUrlChange =
  { status: "unchanged" | "changed" } | { status: "duplicate"; holder: { id: number; title: string } };

export async function applyFeedUrl(
  tx: Tx,
  input: { sourceId: number; feedUrl: string; previousUrl: string; now: Date },
): Promise<FeedUrlChange> {
  if (input.feedUrl === input.previousUrl) return { status: "unchanged" };
  const holder = await tx.source.findUnique({
    where: { feedUrl: input.feedUrl },
    select: { id: true, title: true, customTitle: true },
  });
  if (holder) return { status: "duplicate", holder: { id: holder.id, title: displayTitleOf(holder) } };
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
  return { status: "changed" };
}
