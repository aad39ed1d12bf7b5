// The edit form's write: the user's title, the folder (created on first use) and, when they
// changed, the feed address and the enabled state with their history, and the HTTP Basic login,
// in one transaction: a failure anywhere saves none of it.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { removeSourceLogin, saveSourceLogin } from "@/lib/pipeline/store/sources/source-login";
import { applyEnabled } from "@/lib/pipeline/store/sources/set-source-enabled";
import { deleteEmptyFolders } from "@/lib/pipeline/store/sources/delete-empty-folders";
import { applyFeedUrl, type FeedUrlChange } from "@/lib/pipeline/store/sources/apply-feed-url";

export type SourceSettings = {
  sourceId: number;
  customTitle: string | null;
  folderName: string | null;
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

/** "missing" when the source does not exist (removed meanwhile); a duplicate address saves nothing. */
export type SourceUpdate = { status: "saved" | "missing" } | Extract<FeedUrlChange, { status: "duplicate" }>;

export async function updateSource(db: Db, input: SourceSettings): Promise<SourceUpdate> {
  return inTransaction(db, async (tx) => {
    const source = await tx.source.findUnique({
      where: { id: input.sourceId },
      select: { folderId: true, feedUrl: true },
    });
    if (!source) return { status: "missing" };
    if (input.feedUrl !== undefined) {
      const change = await applyFeedUrl(tx, {
        sourceId: input.sourceId,
        feedUrl: input.feedUrl,
        previousUrl: source.feedUrl,
        now: input.now,
      });
      if (change.status === "duplicate") return change;
    }
    const folderName = input.folderName?.trim() || null;
    await tx.source.update({
      where: { id: input.sourceId },
      data: {
        customTitle: input.customTitle?.trim() || null,
        retentionDays: input.retentionDays,
        maxIntervalSeconds: input.maxIntervalSeconds,
        folder: folderName
          ? { connectOrCreate: { where: { name: folderName }, create: { name: folderName } } }
          : { disconnect: true },
      },
    });
    await applyEnabled(tx, { sourceId: input.sourceId, enabled: input.enabled, now: input.now });
    // The login belongs to the origin of the address saved (a new address on another site does
    // not inherit the old login's reach: it is sent only to the origin it was given for).
    if (input.login === "remove") await removeSourceLogin(tx, input.sourceId);
    else if (input.login) {
      const origin = new URL(input.feedUrl ?? source.feedUrl).origin;
      await saveSourceLogin(tx, input.sourceId, { ...input.login, origin });
    }
    await deleteEmptyFolders(tx, [source.folderId]);
    return { status: "saved" };
  });
}
