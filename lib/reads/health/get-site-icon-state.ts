import "server-only";
// What the source's page says of its site's icon: the image, where it was found, and when the
// site is asked again.
import { getDb } from "@/lib/db/client";
import { siteOf } from "@/lib/pipeline/fetch/site-of";
import { siteIconPath } from "@/lib/base/site-icon-path";

export type SiteIconState = {
  site: string;
  icon: string | null;
  state: string | null;
  url: string | null;
  detail: string | null;
  checkedAt: Date | null;
  nextCheckAt: Date | null;
};

export async function getSiteIconState(source: { siteUrl: string | null; feedUrl: string }): Promise<SiteIconState> {
  const site = siteOf(source);
  const row = await getDb().siteIcon.findUnique({ where: { site }, include: { icon: { select: { hash: true } } } });
  return {
    site,
    icon: row?.icon ? siteIconPath(row.icon.hash) : null,
    state: row?.state ?? null,
    url: row?.url ?? null,
    detail: row?.detail ?? null,
    checkedAt: row?.checkedAt ?? null,
    nextCheckAt: row?.nextCheckAt ?? null,
  };
}
