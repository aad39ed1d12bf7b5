import "server-only";
import { getDb } from "@/lib/db/client";
import { parseLogCursor, formatLogCursor } from "@/lib/reads/health/rules/log-cursor";

export const LOG_PAGE_SIZE = 50;

/**
 * One page of a source's fetch log, newest first, with keyset cursors on (startedAt, id): every
 * page costs one index range scan whatever its depth (OFFSET would walk all the rows before it).
 * Every kind of request is listed (feed, article page, icon: Fetch.kind).
 */
export async function listFetchLog(sourceId: number, page: { before?: string | null; after?: string | null }) {
  const before = parseLogCursor(page.before ?? null);
  const after = before ? null : parseLogCursor(page.after ?? null);
  const anchor = before ?? after;
  const direction = after ? "asc" : "desc";
  const where = anchor
    ? {
        sourceId,
        OR: after
          ? [{ startedAt: { gt: anchor.startedAt } }, { startedAt: anchor.startedAt, id: { gt: anchor.id } }]
          : [{ startedAt: { lt: anchor.startedAt } }, { startedAt: anchor.startedAt, id: { lt: anchor.id } }],
      }
    : { sourceId };
  const rows = await getDb().fetch.findMany({
    where,
    orderBy: [{ startedAt: direction }, { id: direction }],
    take: LOG_PAGE_SIZE + 1,
  });
  const more = rows.length > LOG_PAGE_SIZE;
  const page_ = rows.slice(0, LOG_PAGE_SIZE);
  if (after) page_.reverse();
  const first = page_[0];
  const last = page_.at(-1);
  return {
    rows: page_,
    newerCursor: first && (after ? more : anchor !== null) ? formatLogCursor(first) : null,
    olderCursor: last && (after ? true : more) ? formatLogCursor(last) : null,
  };
}

export type FetchLogRow = Awaited<ReturnType<typeof listFetchLog>>["rows"][number];
export type FetchLogPage = Awaited<ReturnType<typeof listFetchLog>>;
