// The edit form's save: a changed feed address is checked as `tidings add` checks one (the URL
// and SSRF guard of lib/pipeline/fetch/check-url.ts, then the duplicate refusal inside the store's
// transaction), then everything is saved together. No request is sent from here: the source is
// made due, and the next round fetches the new address through its lane and host gap.
import type { Db } from "@/lib/db/client";
import { checkUrl } from "@/lib/pipeline/fetch/check-url";
import { withPrivateNetworkHint } from "@/lib/pipeline/fetch/private-network-hint";
import { completeWebAddress } from "@/lib/reads/sources/complete-web-address";
import type { FieldErrors } from "@/lib/reads/sources/form-schemas";
import { updateSource, type SourceSettings } from "@/lib/pipeline/store/sources/update-source";

export type SourceEdit = Omit<SourceSettings, "feedUrl"> & { url: string };

/** `sourceId`: where the subscription is now (a new address may move it to another source). */
export type SourceEditResult = { status: "saved"; sourceId: number } | { status: "error"; fieldErrors: FieldErrors };

export async function editSource(
  db: Db,
  policy: { allowPrivateNetworks: boolean },
  input: SourceEdit,
): Promise<SourceEditResult> {
  const { userId, sourceId, customTitle, folderName, enabled, retentionDays, maxIntervalSeconds, login, now } = input;
  const current = await db.source.findUnique({ where: { id: sourceId }, select: { feedUrl: true } });
  // An address left as it was is not checked again: a title edit must not fail on a source the
  // guard would refuse today (added while TIDINGS_ALLOW_PRIVATE_NETWORKS was on).
  let feedUrl: string | undefined;
  if (current && input.url.trim() !== current.feedUrl) {
    const verdict = checkUrl(completeWebAddress(input.url), policy);
    if (!verdict.ok) {
      const message = verdict.blocked ? withPrivateNetworkHint(verdict.detail) : verdict.detail;
      return { status: "error", fieldErrors: { url: [message] } };
    }
    feedUrl = verdict.url.href;
  }
  const result = await updateSource(db, {
    userId,
    sourceId,
    customTitle,
    folderName,
    enabled,
    retentionDays,
    maxIntervalSeconds,
    login,
    now,
    feedUrl,
  });
  if (result.status === "missing") return { status: "error", fieldErrors: { form: ["This source no longer exists."] } };
  if (result.status === "duplicate") {
    return {
      status: "error",
      fieldErrors: { url: [`Already subscribed: ${result.holder.title} (source #${result.holder.id})`] },
    };
  }
  return { status: "saved", sourceId: result.sourceId };
}
