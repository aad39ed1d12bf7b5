import "server-only";
// Each source's icon (its site's: SiteIcon), for the sidebar, the list, both APIs and the source
// pages. Two reads whatever the number of sources: the sources' sites, and the sites' icons.
import type { Db } from "@/lib/db/client";
import { namedOrAll } from "@/lib/db/named-or-all";
import { siteOf } from "@/lib/pipeline/fetch/site-of";

export type SourceIcon = { iconId: number; hash: string; contentType: string };

/** Source id → its icon, for every source whose site has one (or only the sources named). */
export async function listSourceIcons(db: Db, sourceIds?: number[]): Promise<Map<number, SourceIcon>> {
  const sources = await db.source.findMany({
    where: sourceIds ? { id: { in: sourceIds } } : {},
    select: { id: true, siteUrl: true, feedUrl: true },
  });
  const sites = new Map(sources.map((source) => [source.id, siteOf(source)]));
  const icons = await db.siteIcon.findMany({
    where: { site: namedOrAll([...new Set(sites.values())]), iconId: { not: null } },
    select: { site: true, icon: { select: { id: true, hash: true, contentType: true } } },
  });
  const bySite = new Map(icons.flatMap((row) => (row.icon ? [[row.site, row.icon] as const] : [])));
  const result = new Map<number, SourceIcon>();
  for (const [sourceId, site] of sites) {
    const icon = bySite.get(site);
    if (icon) result.set(sourceId, { iconId: icon.id, hash: icon.hash, contentType: icon.contentType });
  }
  return result;
}
