import "server-only";
// Each source's icon (its site's: SiteIcon), for the sidebar, the list, both APIs and the source
// pages. Two reads whatever the number of sources: the sources' sites, and the sites' icons.
import type { Db } from "@/lib/db/client";
import { siteOf } from "@/lib/pipeline/fetch/site-of";

// Past this many sites, every icon row is read instead of naming the sites: Prisma refuses a query
// with more bound parameters than the database takes (999 on SQLite through its adapter: the reader's
// home page failed at 1,000 sources), and the table holds one row per site anyway.
const MOST_SITES_NAMED = 500;

export type SourceIcon = { iconId: number; hash: string; contentType: string };

/** Source id → its icon, for every source whose site has one (or only the sources named). */
export async function listSourceIcons(db: Db, sourceIds?: number[]): Promise<Map<number, SourceIcon>> {
  const sources = await db.source.findMany({
    where: sourceIds ? { id: { in: sourceIds } } : {},
    select: { id: true, siteUrl: true, feedUrl: true },
  });
  const sites = new Map(sources.map((source) => [source.id, siteOf(source)]));
  const named = [...new Set(sites.values())];
  const icons = await db.siteIcon.findMany({
    where: { iconId: { not: null }, ...(named.length <= MOST_SITES_NAMED ? { site: { in: named } } : {}) },
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
