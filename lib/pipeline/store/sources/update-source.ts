// The edit form's write, for one subscriber: their title, folder (created on first use) and pause;
// the source's fetch settings (retention, "check at least every", the HTTP Basic login), shared by
// every subscriber; and a new feed address, which moves only this user's subscription when others
// follow the source too (move-subscription.ts). One transaction: a failure anywhere saves none of it.
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction, providerOf } from "@/lib/db/client";
import { removeSourceLogin, saveSourceLogin } from "@/lib/pipeline/store/sources/source-login";
import { deleteEmptyFolders, ensureUserFolder } from "@/lib/pipeline/store/sources/user-folders";
import { applyFeedUrl } from "@/lib/pipeline/store/sources/apply-feed-url";
import { displayTitleOf } from "@/lib/db/display-title";
import { applySubscriptionPaused } from "@/lib/pipeline/store/sources/subscription-pause";
import { moveSubscription } from "@/lib/pipeline/store/sources/move-subscription";

export type SourceSettings = {
  userId: number;
  sourceId: number;
  customTitle: string | null;
  folderName: string | null;
  /** False: this user pauses it (the source stops only when every subscriber has). */
  enabled: boolean;
  /** Days its read articles are kept (lib/pipeline/store/retention); null: the installation's; 0: for ever; undefined keeps it. */
  retentionDays?: number | null;
  /**
   * "Check at least every", in seconds (the policy keeps it within the floor and the maximum,
   * lib/pipeline/policy/effective-floor.ts); null: the installation's maximum; undefined keeps it. It
   * applies from the next check on.
   */
  maxIntervalSeconds?: number | null;
  /** A checked URL (lib/reads/sources/edit-source.ts); undefined keeps the address. */
  feedUrl?: string;
  /** A new HTTP Basic login, "remove", or null/undefined to keep the one set. */
  login?: { user: string; password: string } | "remove" | null;
  now: Date;
};

/**
 * "missing" when the user does not follow the source (removed meanwhile); a duplicate address
 * (one they follow already) saves nothing. `sourceId` is where the subscription is now.
 */
export type SourceUpdate = { status: "saved"; sourceId: number } | { status: "missing" } | DuplicateAddress;

type DuplicateAddress = { status: "duplicate"; holder: { id: number; title: string } };

export async function updateSource(db: Db, input: SourceSettings): Promise<SourceUpdate> {
  return inTransaction(db, async (tx) => {
    const { userId } = input;
    const subscription = await tx.subscription.findUnique({
      where: { userId_sourceId: { userId, sourceId: input.sourceId } },
      select: { id: true, folderId: true, source: { select: { feedUrl: true } } },
    });
    if (!subscription) return { status: "missing" };
    const previousUrl = subscription.source.feedUrl;
    let sourceId = input.sourceId;
    if (input.feedUrl !== undefined && input.feedUrl !== previousUrl) {
      const moved = await changeFeedUrl(tx, providerOf(db), {
        userId,
        sourceId,
        feedUrl: input.feedUrl,
        previousUrl,
        now: input.now,
      });
      if (moved.status === "duplicate") return moved;
      sourceId = moved.sourceId;
    }
    const folderId = await ensureUserFolder(tx, userId, input.folderName);
    await tx.subscription.update({
      where: { userId_sourceId: { userId, sourceId } },
      data: { customTitle: input.customTitle?.trim() || null, folderId },
    });
    await tx.source.update({
      where: { id: sourceId },
      data: { retentionDays: input.retentionDays, maxIntervalSeconds: input.maxIntervalSeconds },
    });
    await applySubscriptionPaused(tx, { userId, sourceId, paused: !input.enabled, now: input.now });
    // The login belongs to the origin of the address saved (a new address on another site does
    // not inherit the old login's reach: it is sent only to the origin it was given for).
    if (input.login === "remove") await removeSourceLogin(tx, sourceId);
    else if (input.login) {
      const origin = new URL(input.feedUrl ?? previousUrl).origin;
      await saveSourceLogin(tx, sourceId, { ...input.login, origin });
    }
    await deleteEmptyFolders(tx, [subscription.folderId]);
    return { status: "saved", sourceId };
  });
}

/**
 * A new address: one the user follows already is refused; another source's is joined; a source
 * shared with others is left to them and a new one made; a source only they follow is re-addressed in place.
 */
async function changeFeedUrl(
  tx: Tx,
  provider: ReturnType<typeof providerOf>,
  input: { userId: number; sourceId: number; feedUrl: string; previousUrl: string; now: Date },
): Promise<{ status: "moved"; sourceId: number } | DuplicateAddress> {
  const holder = await tx.source.findUnique({
    where: { feedUrl: input.feedUrl },
    select: {
      id: true,
      title: true,
      subscriptions: { where: { userId: input.userId }, select: { customTitle: true } },
    },
  });
  const own = holder?.subscriptions[0];
  if (holder && own)
    return { status: "duplicate", holder: { id: holder.id, title: displayTitleOf({ ...own, title: holder.title }) } };
  const shared = (await tx.subscription.count({ where: { sourceId: input.sourceId } })) > 1;
  if (holder || shared) {
    const moved = await moveSubscription(tx, provider, { ...input, toSourceId: holder?.id ?? null });
    return { status: "moved", sourceId: moved };
  }
  await applyFeedUrl(tx, input);
  return { status: "moved", sourceId: input.sourceId };
}
