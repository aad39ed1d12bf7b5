// Which sites' icons to look for now: every site of an enabled source whose icon was never looked
// for, or whose next check (a month after the last, sooner after a passing failure) has come.
import type { Db } from "@/lib/db/client";
import { namedOrAll } from "@/lib/db/named-or-all";
import { siteOf } from "@/lib/pipeline/fetch/site-of";

export type IconTarget = {
  site: string;
  /** A source of the site, whose log the requests are written to. */
  sourceId: number;
  /** The feed's own icon or logo, the first place to look. */
  feedIconUrl: string | null;
  stored: { url: string | null; etag: string | null; lastModified: string | null; iconId: number | null } | null;
};

/** The due sites (or only this source's, whatever its next check: the manual refresh), at most `limit`. */
export async function listIconTargets(
  db: Db,
  input: { now: Date; limit: number; sourceId?: number },
): Promise<IconTarget[]> {
  const sources = await db.source.findMany({
    where: input.sourceId === undefined ? { enabled: true } : { id: input.sourceId },
    select: { id: true, siteUrl: true, feedUrl: true, feedIconUrl: true },
    orderBy: { id: "asc" },
  });
  const bySite = new Map<string, { sourceId: number; feedIconUrl: string | null }>();
  for (const source of sources) {
    const site = siteOf(source);
    const known = bySite.get(site);
    if (!known) bySite.set(site, { sourceId: source.id, feedIconUrl: source.feedIconUrl });
    else if (!known.feedIconUrl && source.feedIconUrl) known.feedIconUrl = source.feedIconUrl;
  }
  const stored = await db.siteIcon.findMany({ where: { site: namedOrAll([...bySite.keys()]) } });
  const storedBySite = new Map(stored.map((row) => [row.site, row]));
  const targets: IconTarget[] = [];
  for (const [site, first] of bySite) {
    const row = storedBySite.get(site);
    if (input.sourceId === undefined && row && row.nextCheckAt > input.now) continue;
    targets.push({
      site,
      ...first,
      stored: row ? { url: row.url, etag: row.etag, lastModified: row.lastModified, iconId: row.iconId } : null,
    });
    if (targets.length >= input.limit) break;
  }
  return targets;
}
