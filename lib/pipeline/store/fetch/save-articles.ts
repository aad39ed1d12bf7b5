// Dedupe the items of one parsed feed against the stored ones, and build the statements that
// save what is new or changed. Nothing is written here: the caller runs the statements in the
// fetch's one atomic write, after everything else is computed.
import type { ParsedItem } from "@/lib/pipeline/parse/contract/types";
import { computeContentHash, computeDedupeKey } from "@/lib/pipeline/parse/items/dedupe-key";
import { htmlToText } from "@/lib/pipeline/parse/sanitize/html-text";
import { buildSearchText } from "@/lib/db/search-text";
import type { Db } from "@/lib/db/client";
import {
  chainStatements,
  placeholders,
  scalarFields,
  updateById,
  type ReadRows,
  type Statement,
} from "@/lib/db/raw-statements";

/**
 * `statements` are built as they are written, 100 rows at a time, and again if the write is retried:
 * a first fetch of 100,000 items never holds every row it inserts at once.
 */
export type PlannedArticles = { newArticles: number; updatedArticles: number; statements: Iterable<Statement> };

/** Positional placeholder for the database at hand ($1 on PostgreSQL, ? on SQLite). */
type Placeholder = (index: number) => string;

/** Dates further ahead than this are publisher clock or typing errors: they would pin an article on top. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/**
 * An item is new unless its dedupe key is known for this source, or the same content is already
 * stored under another key (publishers that regenerate guids). A known item whose content
 * changed is updated in place; its read state is left alone. A known item whose content hash is
 * unchanged costs nothing beyond its hash: no snippet, no statement.
 */
// The lookups and the writes are plain SQL: Prisma's query compiler costs tens of milliseconds
// for a 1,000-row createMany or a 500-value IN list, the statements themselves a few.
export async function planArticles(
  db: Db,
  read: ReadRows,
  sourceId: number,
  items: ParsedItem[],
  now: Date,
  /** The items of the same feed planned in earlier batches (store-article-batch.ts), if any. */
  seen: SeenInFeed = createSeenInFeed(),
): Promise<PlannedArticles> {
  const p = placeholders(db);
  const keyed = dedupeWithinFeed(items, seen);
  const existing = await selectWhereIn<{ id: number; dedupeKey: string; contentHash: string }>(
    read,
    p,
    '"id", "dedupeKey", "contentHash"',
    sourceId,
    "dedupeKey",
    keyed.map((entry) => entry.dedupeKey),
  );
  const byKey = new Map(existing.map((row) => [row.dedupeKey, row]));
  // Articles retention removed (lib/retention) are known too: the feed still carrying one must
  // not bring it back as new and unread.
  const removedKeys = await selectWhereIn<{ dedupeKey: string }>(
    read,
    p,
    '"dedupeKey"',
    sourceId,
    "dedupeKey",
    keyed.filter((entry) => !byKey.has(entry.dedupeKey)).map((entry) => entry.dedupeKey),
    "RemovedArticle",
  );
  const removed = new Set(removedKeys.map((row) => row.dedupeKey));
  const fresh = keyed.filter((entry) => !byKey.has(entry.dedupeKey) && !removed.has(entry.dedupeKey));
  const hashes = fresh.map((entry) => entry.contentHash);
  const knownRows = [
    ...(await selectWhereIn<{ contentHash: string }>(read, p, '"contentHash"', sourceId, "contentHash", hashes)),
    ...(await selectWhereIn<{ contentHash: string }>(
      read,
      p,
      '"contentHash"',
      sourceId,
      "contentHash",
      hashes,
      "RemovedArticle",
    )),
  ];
  const knownContent = new Set(knownRows.map((row) => row.contentHash));

  const updates = keyed.flatMap((entry) => {
    const row = byKey.get(entry.dedupeKey);
    if (!row || row.contentHash === entry.contentHash) return [];
    return [
      updateById(
        db,
        "Article",
        row.id,
        scalarFields({ ...articleFields(entry.item, now), contentHash: entry.contentHash, updatedAt: now }),
      ),
    ];
  });

  const toInsert = fresh.filter((entry) => !knownContent.has(entry.contentHash));
  const inserts = { [Symbol.iterator]: () => buildInserts(p, sourceId, toInsert, now) };
  return {
    newArticles: toInsert.length,
    updatedArticles: updates.length,
    statements: chainStatements(updates, inserts),
  };
}

function* buildInserts(p: Placeholder, sourceId: number, entries: KeyedItem[], now: Date): Generator<Statement> {
  for (const part of chunk(entries, INSERT_ROWS_PER_STATEMENT)) {
    const rows = part.map((entry) => ({
      sourceId,
      dedupeKey: entry.dedupeKey,
      guid: entry.item.guid,
      contentHash: entry.contentHash,
      firstSeenAt: now,
      ...articleFields(entry.item, now),
    }));
    yield insertRows(p, rows);
    yield insertUnreadForSubscribers(
      p,
      sourceId,
      part.map((entry) => entry.dedupeKey),
    );
  }
  if (entries.length > 0) yield raiseSubscriberUnreadCounts(p, sourceId, entries.length);
}

/**
 * A new article is unread for every subscriber of its source (issue 25): one INSERT … SELECT per
 * 100 articles, whatever the number of subscribers, in the fetch's transaction. It reads the rows
 * the statement before it inserted, so on PostgreSQL it cannot be one of runAtomically's merged
 * CTEs (they share one snapshot): `readsEarlier` says so. A batch written again adds nothing.
 */
function insertUnreadForSubscribers(p: Placeholder, sourceId: number, dedupeKeys: string[]): Statement {
  const keys = dedupeKeys.map((_, index) => p(index + 2)).join(", ");
  return {
    text: `INSERT INTO "UnreadArticle" ("userId", "articleId", "sourceId", "publishedAt")
      SELECT "Subscription"."userId", "Article"."id", "Article"."sourceId", "Article"."publishedAt"
      FROM "Article" JOIN "Subscription" ON "Subscription"."sourceId" = "Article"."sourceId"
      WHERE "Article"."sourceId" = ${p(1)} AND "Article"."dedupeKey" IN (${keys})
      ON CONFLICT DO NOTHING`,
    values: [sourceId, ...dedupeKeys],
    readsEarlier: true,
  };
}

/** Each subscriber's count of the source's unread articles moves with the rows above. */
function raiseSubscriberUnreadCounts(p: Placeholder, sourceId: number, newArticles: number): Statement {
  return {
    text: `UPDATE "Subscription" SET "unreadCount" = "unreadCount" + ${p(1)} WHERE "sourceId" = ${p(2)}`,
    values: [newArticles, sourceId],
  };
}

/** 100 rows × 14 columns stays far below both databases' bound-parameter limits. */
const INSERT_ROWS_PER_STATEMENT = 100;

async function selectWhereIn<T>(
  read: ReadRows,
  p: Placeholder,
  columns: string,
  sourceId: number,
  column: string,
  values: string[],
  table: "Article" | "RemovedArticle" = "Article",
): Promise<T[]> {
  const rows: T[] = [];
  for (const part of chunk(values)) {
    const list = part.map((_, index) => p(index + 2)).join(", ");
    rows.push(
      ...(await read<T>({
        text: `SELECT ${columns} FROM "${table}" WHERE "sourceId" = ${p(1)} AND "${column}" IN (${list})`,
        values: [sourceId, ...part],
      })),
    );
  }
  return rows;
}

function insertRows(p: Placeholder, rows: Array<Record<string, string | number | Date | null>>): Statement {
  const columns = Object.keys(rows[0]!);
  const values = rows.flatMap((row) => columns.map((column) => row[column] ?? null));
  const tuples = rows.map(
    (_, rowIndex) => `(${columns.map((_, columnIndex) => p(rowIndex * columns.length + columnIndex + 1)).join(", ")})`,
  );
  // A batch written again (its transaction retried after a commit nobody heard of) adds nothing.
  return {
    text: `INSERT INTO "Article" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES ${tuples.join(", ")} ON CONFLICT ("sourceId", "dedupeKey") DO NOTHING`,
    values,
  };
}

type KeyedItem = { item: ParsedItem; dedupeKey: string; contentHash: string };

/** The dedupe keys and content hashes of a feed's items planned so far. */
export type SeenInFeed = { keys: Set<string>; content: Set<string> };

export function createSeenInFeed(): SeenInFeed {
  return { keys: new Set(), content: new Set() };
}

/** A feed may list the same item twice, in one batch or two; the first occurrence wins. */
function dedupeWithinFeed(items: ParsedItem[], seen: SeenInFeed): KeyedItem[] {
  const result: KeyedItem[] = [];
  for (const item of items) {
    const dedupeKey = computeDedupeKey(item);
    const contentHash = computeContentHash(item);
    if (seen.keys.has(dedupeKey) || seen.content.has(contentHash)) continue;
    seen.keys.add(dedupeKey);
    seen.content.add(contentHash);
    result.push({ item, dedupeKey, contentHash });
  }
  return result;
}

/** Keeps every IN list well under SQLite's and PostgreSQL's bound-parameter limits. */
function chunk<T>(values: T[], size = 500): T[][] {
  const parts: T[][] = [];
  for (let index = 0; index < values.length; index += size) parts.push(values.slice(index, index + size));
  return parts;
}

function articleFields(item: ParsedItem, now: Date) {
  return {
    url: item.url,
    title: item.title,
    author: item.author,
    summary: item.summary,
    snippet: buildSnippet(item),
    content: item.content,
    searchText: buildSearchText(item.title, item.content),
    enclosures: item.enclosures.length > 0 ? JSON.stringify(item.enclosures) : null,
    publishedAt: publishedAt(item, now),
  };
}

/** The list shows a line of plain text; it is cut here once instead of on every page view. */
const SNIPPET_LENGTH = 300;

function buildSnippet(item: ParsedItem): string | null {
  const text = htmlToText(item.summary ?? item.content ?? "");
  if (text === "") return null;
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…` : text;
}

/** Missing dates become the first-seen time, so undated items still sort by arrival. */
function publishedAt(item: ParsedItem, now: Date): Date {
  if (item.publishedAt === null) return now;
  return item.publishedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS ? now : item.publishedAt;
}
