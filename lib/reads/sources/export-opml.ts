// Every source one user follows as OPML 2.0, with their titles, their folders as parent outlines (folders in their sidebar order, sources
// by title). Not server-only: `tidings export` calls it with its own database client.
import type { Db } from "@/lib/db/client";
import { serializeOpml } from "@/lib/pipeline/parse/opml/serialize-opml";
import { displayTitleOf } from "@/lib/db/display-title";

export async function exportOpml(db: Db, userId: number, now: Date): Promise<string> {
  const rows = await db.subscription.findMany({
    where: { userId },
    select: {
      customTitle: true,
      source: { select: { title: true, feedUrl: true, siteUrl: true } },
      folder: { select: { name: true, position: true } },
    },
  });
  const sources = rows
    .map((row) => ({
      title: displayTitleOf({ customTitle: row.customTitle, title: row.source.title }),
      feedUrl: row.source.feedUrl,
      siteUrl: row.source.siteUrl,
      folder: row.folder?.name ?? null,
      position: row.folder?.position ?? 0,
    }))
    .sort(
      (a, b) =>
        a.position - b.position ||
        (a.folder ?? "").localeCompare(b.folder ?? "") ||
        a.title.localeCompare(b.title) ||
        a.feedUrl.localeCompare(b.feedUrl),
    );
  return serializeOpml({ title: "Tidings subscriptions", dateCreated: now, sources });
}
