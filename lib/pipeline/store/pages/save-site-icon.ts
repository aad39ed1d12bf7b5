// Writes what looking for a site's icon found: the image (one row per distinct image, by its
// sha256), the site's row pointing at it with its validators and next check, and the requests
// in the source's fetch log (kind "icon"), together.
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { logRequestsBesideFeed, type PageFetchRow } from "@/lib/pipeline/store/pages/log-requests-beside-feed";

export type SiteIconResult = {
  site: string;
  sourceId: number;
  at: Date;
  /** found: `image` is new or changed; found without image: the stored one still holds (a 304). */
  state: "found" | "none" | "refused";
  image: { contentType: string; data: Buffer } | null;
  url: string | null;
  etag: string | null;
  lastModified: string | null;
  detail: string | null;
  nextCheckAt: Date;
  fetches: PageFetchRow[];
};

export async function saveSiteIcon(db: Db, result: SiteIconResult): Promise<void> {
  const { site, image } = result;
  await inTransaction(db, async (tx) => {
    // Only a new image changes the site's icon: after a 304, a refusal or nothing found, the last
    // good image is still shown (the state and detail say what this look found).
    let iconId: number | null = null;
    if (image !== null) {
      const hash = createHash("sha256").update(image.data).digest("hex");
      const icon = await tx.icon.upsert({
        where: { hash },
        create: { hash, contentType: image.contentType, data: Uint8Array.from(image.data) },
        update: {},
        select: { id: true },
      });
      iconId = icon.id;
    }
    const row = {
      url: result.url,
      etag: result.etag,
      lastModified: result.lastModified,
      state: result.state,
      detail: result.detail?.slice(0, 500) ?? null,
      checkedAt: result.at,
      nextCheckAt: result.nextCheckAt,
    };
    await tx.siteIcon.upsert({
      where: { site },
      create: { site, ...row, iconId },
      update: { ...row, ...(iconId === null ? {} : { iconId }) },
    });
    await logRequestsBesideFeed(tx, { sourceId: result.sourceId }, result.fetches);
  });
}
