// Imported feeds become one user's subscriptions: a feed no source has yet becomes a source due at
// once that waits for the normal serial round, one another user follows already is joined (no
// request: its articles are here, add-subscription.ts), so importing 500 feeds never fires 500
// requests. Feeds the user follows already are skipped with their source named. Chunks of CHUNK
// entries, each in one transaction of a few set-based statements: fast, and never a long write lock.
import type { Db, Tx } from "@/lib/db/client";
import { inTransaction, providerOf } from "@/lib/db/client";
import type { OpmlEntry, OpmlSkip } from "@/lib/pipeline/parse/opml/types";
import { displayTitleOf } from "@/lib/db/display-title";
import { insertSubscription } from "@/lib/pipeline/store/sources/add-subscription";
import { resumeIfPausedByAll } from "@/lib/pipeline/store/sources/subscription-pause";

export type ImportedSource = { sourceId: number; url: string };
export type ImportResult = { added: ImportedSource[]; skipped: OpmlSkip[] };

const CHUNK = 100;

export async function importSources(
  db: Db,
  userId: number,
  entries: readonly OpmlEntry[],
  now: Date,
): Promise<ImportResult> {
  const result: ImportResult = { added: [], skipped: [] };
  for (let start = 0; start < entries.length; start += CHUNK) {
    const chunk = entries.slice(start, start + CHUNK);
    const part = await importChunk(db, userId, chunk, now).catch(async (error: unknown) => {
      // Someone subscribed to one of these between our check and our insert (PostgreSQL, two
      // instances): the chunk rolled back; once more, and the check will see it.
      if ((error as { code?: string }).code !== "P2002") throw error;
      return importChunk(db, userId, chunk, now);
    });
    result.added.push(...part.added);
    result.skipped.push(...part.skipped);
  }
  return result;
}

async function importChunk(db: Db, userId: number, chunk: readonly OpmlEntry[], now: Date): Promise<ImportResult> {
  return inTransaction(
    db,
    async (tx) => {
      const existing = await tx.source.findMany({
        where: { feedUrl: { in: chunk.map((entry) => entry.url) } },
        select: {
          id: true,
          feedUrl: true,
          title: true,
          subscriptions: { where: { userId }, select: { customTitle: true } },
        },
      });
      const byUrl = new Map(existing.map((row) => [row.feedUrl, row]));
      const skipped: OpmlSkip[] = [];
      const fresh: OpmlEntry[] = [];
      const joined: ImportedSource[] = [];
      const seen = new Set<string>();
      for (const entry of chunk) {
        const source = byUrl.get(entry.url);
        const own = source?.subscriptions[0];
        if (source && own) {
          const title = displayTitleOf({ customTitle: own.customTitle, title: source.title });
          const reason = `already subscribed as “${title}” (source #${source.id})`;
          skipped.push({ url: entry.url, title: entry.title, reason });
        } else if (seen.has(entry.url)) {
          skipped.push({ url: entry.url, title: entry.title, reason: "listed twice in this file" });
        } else if (source) {
          seen.add(entry.url);
          const subscription = { userId, sourceId: source.id, customTitle: null, folderName: entry.folder };
          await insertSubscription(tx, providerOf(db), subscription);
          await resumeIfPausedByAll(tx, source.id, now);
          joined.push({ sourceId: source.id, url: entry.url });
        } else {
          seen.add(entry.url);
          fresh.push(entry);
        }
      }
      return { added: [...joined, ...(await createSources(tx, userId, fresh, now))], skipped };
    },
    "bulk",
  );
}

/** Set-based writes (a handful of statements per chunk, not a few per feed). */
async function createSources(tx: Tx, userId: number, fresh: OpmlEntry[], now: Date): Promise<ImportedSource[]> {
  if (fresh.length === 0) return [];
  const folderIds = await ensureFolders(
    tx,
    userId,
    fresh.map((entry) => entry.folder),
  );
  const created = await tx.source.createManyAndReturn({
    data: fresh.map((entry) => ({
      feedUrl: entry.url,
      siteUrl: entry.siteUrl,
      title: entry.title ?? new URL(entry.url).host,
      nextDueAt: now,
      nextCheckReason: "imported: first fetch in the next round",
    })),
    select: { id: true, feedUrl: true },
  });
  const idByUrl = new Map(created.map((source) => [source.feedUrl, source.id]));
  await tx.subscription.createMany({
    data: fresh.map((entry) => ({
      userId,
      sourceId: idByUrl.get(entry.url)!,
      folderId: entry.folder ? (folderIds.get(entry.folder) ?? null) : null,
    })),
  });
  await tx.sourceEvent.createMany({
    data: created.map((source) => ({
      sourceId: source.id,
      at: now,
      kind: "added",
      detail: `Imported from OPML: ${source.feedUrl}`,
    })),
  });
  return fresh.map((entry) => ({ sourceId: idByUrl.get(entry.url)!, url: entry.url }));
}

/** The user's folder ids by name, creating the missing ones. */
async function ensureFolders(
  tx: Tx,
  userId: number,
  names: ReadonlyArray<string | null>,
): Promise<Map<string, number>> {
  const wanted = [...new Set(names.filter((name): name is string => name !== null))];
  if (wanted.length === 0) return new Map();
  const found = await tx.userFolder.findMany({
    where: { userId, name: { in: wanted } },
    select: { id: true, name: true },
  });
  const missing = wanted.filter((name) => !found.some((folder) => folder.name === name));
  const created =
    missing.length === 0
      ? []
      : await tx.userFolder.createManyAndReturn({
          data: missing.map((name) => ({ userId, name })),
          select: { id: true, name: true },
        });
  return new Map([...found, ...created].map((folder) => [folder.name, folder.id]));
}
