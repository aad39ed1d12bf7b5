import "server-only";
import { getDb } from "@/lib/db/client";

/** Every source, for the sources page: the fields it shows, alphabetical by display title. */
export async function listSources() {
  const sources = await getDb().source.findMany({
    select: {
      id: true, title: true, customTitle: true, feedUrl: true, enabled: true, disabledReason: true,
      lastOutcome: true, lastErrorKind: true, lastSuccessAt: true, nextDueAt: true, nextCheckReason: true,
      folder: { select: { name: true } },
    },
  });
  return sources
    .map((source) => ({ ...source, displayTitle: source.customTitle ?? source.title }))
    .sort((a, b) => a.displayTitle.localeCompare(b.displayTitle));
}

export async function countSources(): Promise<number> {
  return getDb().source.count();
}
