// Imported feeds become sources that are due at once and wait for the normal serial round: no
// fetch happens here, so importing 500 feeds never fires 500 requests. Duplicates (already
// subscribed) are skipped with the existing source named. Chunks of CHUNK entries, each in one
// transaction of a few set-based statements: fast, and never a long write lock.
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import type { OpmlEntry, OpmlSkip } from "@/lib/pipeline/parse/opml/types";
import { displayTitleOf } from "@/lib/db/display-title";

export type ImportedSource = { sourceId: number; url: string };
export type ImportResult = { added: ImportedSource[]; skipped: OpmlSkip[] };

const CHUNK = 100;

export async function importSources(db: Db, entries: readonly OpmlEntry[], now: Date): Promise<ImportResult> {
  const result: ImportResult = { added: [], skipped: [] };
  for (let start = 0; start < entries.length; start += CHUNK) {
    const chunk = entries.slice(start, start + CHUNK);
    const part = await importChunk(db, chunk, now).catch(async (error: unknown) => {
      // Someone subscribed to one of these between our check and our insert (PostgreSQL, two
      // instances): the chunk rolled back; once more, and the check will see it.
      if ((error as { code?: string }).code !== "P2002") throw error;
      return importChunk(db, chunk, now);
    });
    result.added.push(...part.added);
    result.skipped.push(...part.skipped);
  }
  return result;
}

async function importChunk(db: Db, chunk: readonly OpmlEntry[], now: Date): Promise<ImportResult> {
  return inTransaction(
    db,
    async (tx) => {
      const existing = await tx.source.findMany({
        where: { feedUrl: { in: chunk.map((entry) => entry.url) } },
        select: { id: true, feedUrl: true, title: true, customTitle: true },
      });
      const byUrl = new Map(existing.map((row) => [row.feedUrl, row]));
      const skipped: OpmlSkip[] = [];
      const fresh: OpmlEntry[] = [];
      const seen = new Set<string>();
      for (const entry of chunk) {
        const duplicate = byUrl.get(entry.url);
        if (duplicate)
          skipped.push({
            url: entry.url,
            title: entry.title,
            reason: `already subscribed as “${displayTitleOf(duplicate)}” (source #${duplicate.id})`,
          });
        else if (seen.has(entry.url))
          skipped.push({ url: entry.url, title: entry.title, reason: "listed twice in this file" });
        else {
          seen.add(entry.url);
          fresh.push(entry);
        }
      }
      if (fresh.length === 0) return { added: [], skipped };
      const folderIds = await ensureFolders(
        tx,
        fresh.map((entry) => entry.folder),
      );
      // Set-based writes (a handful of statements per chunk, not a few per feed).
      const created = await tx.source.createManyAndReturn({
        data: fresh.map((entry) => ({
          feedUrl: entry.url,
          siteUrl: entry.siteUrl,
          title: entry.title ?? new URL(entry.url).host,
          folderId: entry.folder ? (folderIds.get(entry.folder) ?? null) : null,
          nextDueAt: now,
          nextCheckReason: "imported: first fetch in the next round",
        })),
        select: { id: true, feedUrl: true },
      });
      await tx.sourceEvent.createMany({
        data: created.map((source) => ({
          sourceId: source.id,
          at: now,
          kind: "added",
          detail: `Imported from OPML: ${source.feedUrl}`,
        })),
      });
      const idByUrl = new Map(created.map((source) => [source.feedUrl, source.id]));
      return { added: fresh.map((entry) => ({ sourceId: idByUrl.get(entry.url)!, url: entry.url })), skipped };
    },
    "bulk",
  );
}

/** Folder ids by name, creating the missing ones. */
async function ensureFolders(tx: Tx, names: ReadonlyArray<string | null>): Promise<Map<string, number>> {
  const wanted = [...new Set(names.filter((name): name is string => name !== null))];
  if (wanted.length === 0) return new Map();
  const found = await tx.folder.findMany({ where: { name: { in: wanted } }, select: { id: true, name: true } });
  const missing = wanted.filter((name) => !found.some((folder) => folder.name === name));
  const created =
    missing.length === 0
      ? []
      : await tx.folder.createManyAndReturn({
          data: missing.map((name) => ({ name })),
          select: { id: true, name: true },
        });
  return new Map([...found, ...created].map((folder) => [folder.name, folder.id]));
}
