// A subscriber gives their source a new feed address while others follow it too, or an address
// another source has (issue 25): only their subscription moves, to that source or to a new one
// made for the address (due at once; the round fetches it through its lane). Their reading state
// of the old source stays behind with it (its articles are not the new source's), they start on
// the new one as a new subscriber does (add-subscription.ts), and a source left with no
// subscriber goes as a removal would take it.
import type { Tx } from "@/lib/db/client";
import type { providerOf } from "@/lib/db/client";
import { insertSubscription } from "@/lib/pipeline/store/sources/add-subscription";
import { deleteSourceFollowedByNobody } from "@/lib/pipeline/store/sources/remove-source";

export async function moveSubscription(
  tx: Tx,
  provider: ReturnType<typeof providerOf>,
  input: { userId: number; sourceId: number; toSourceId: number | null; feedUrl: string; now: Date },
): Promise<number> {
  const { userId, sourceId } = input;
  const subscription = await tx.subscription.findUniqueOrThrow({
    where: { userId_sourceId: { userId, sourceId } },
    select: { customTitle: true, folderId: true, paused: true, folder: { select: { name: true } } },
  });
  const source = await tx.source.findUniqueOrThrow({
    where: { id: sourceId },
    select: { title: true, retentionDays: true, maxIntervalSeconds: true, fullText: true, fullTextSelector: true },
  });
  const toSourceId =
    input.toSourceId ??
    (
      await tx.source.create({
        data: {
          ...source,
          feedUrl: input.feedUrl,
          nextDueAt: input.now,
          nextCheckReason: "feed address changed by you: fetched in the next round",
          events: { create: { at: input.now, kind: "added", detail: `Subscribed to ${input.feedUrl}` } },
        },
        select: { id: true },
      })
    ).id;
  await tx.unreadArticle.deleteMany({ where: { userId, sourceId } });
  await tx.starredArticle.deleteMany({ where: { userId, sourceId } });
  await tx.subscription.delete({ where: { userId_sourceId: { userId, sourceId } } });
  await insertSubscription(tx, provider, {
    userId,
    sourceId: toSourceId,
    customTitle: subscription.customTitle,
    folderName: subscription.folder?.name ?? null,
  });
  await deleteSourceFollowedByNobody(tx, sourceId);
  return toSourceId;
}
