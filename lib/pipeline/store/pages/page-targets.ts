// Which article pages to fetch, and what is kept of each: the reads the full-text step plans with.
import { gunzipSync } from "node:zlib";
import type { Db } from "@/lib/db/client";
import { RETRIED_PAGE_ERRORS } from "@/lib/pipeline/parse/full-text/read-article-page";

export type StoredPage = {
  state: string;
  /** The URL that answered last time: the base of the page's relative links. */
  url: string;
  etag: string | null;
  lastModified: string | null;
  html: string | null;
};

export type PageTarget = {
  articleId: number;
  sourceId: number;
  /** The article's link (http(s) only, as stored); null when the feed gave none. */
  url: string | null;
  /** The source's CSS selector, or null for the extractor. */
  selector: string | null;
  stored: StoredPage | null;
};

/** How far back a source that turns full text on has its articles fetched. */
export const BACKFILL_DAYS = 30;
/** A page whose requests failed for a passing reason is asked for at most this often, this long apart. */
export const MAX_PAGE_ATTEMPTS = 3;
export const RETRY_AFTER_MS = 3600_000;

const TARGET_SELECT = {
  id: true,
  sourceId: true,
  url: true,
  source: { select: { fullTextSelector: true } },
  page: { select: { state: true, url: true, etag: true, lastModified: true, html: true } },
} as const;

type TargetRow = {
  id: number;
  sourceId: number;
  url: string | null;
  source: { fullTextSelector: string | null };
  page: {
    state: string;
    url: string;
    etag: string | null;
    lastModified: string | null;
    html: Uint8Array | null;
  } | null;
};

export async function readPageTarget(db: Db, articleId: number): Promise<PageTarget | null> {
  const row = await db.article.findUnique({ where: { id: articleId }, select: TARGET_SELECT });
  return row === null ? null : toTarget(row);
}

/**
 * Articles of full-text sources (or of one) whose page was never asked for, or whose last request
 * failed for a passing reason long enough ago (RETRIED_PAGE_ERRORS), newest first, at most `limit`.
 */
export async function listPendingPageTargets(
  db: Db,
  input: { now: Date; limit: number; sourceId?: number },
): Promise<PageTarget[]> {
  const rows = await db.article.findMany({
    where: {
      ...(input.sourceId === undefined ? {} : { sourceId: input.sourceId }),
      OR: [
        { page: null },
        {
          page: {
            is: {
              state: "failed",
              errorKind: { in: [...RETRIED_PAGE_ERRORS] },
              attempts: { lt: MAX_PAGE_ATTEMPTS },
              fetchedAt: { lt: new Date(input.now.getTime() - RETRY_AFTER_MS) },
            },
          },
        },
      ],
      url: { not: null },
      firstSeenAt: { gte: new Date(input.now.getTime() - BACKFILL_DAYS * 24 * 3600_000) },
      source: { fullText: true, enabled: true },
    },
    orderBy: [{ firstSeenAt: "desc" }, { id: "desc" }],
    take: input.limit,
    select: TARGET_SELECT,
  });
  return rows.map(toTarget);
}

/**
 * The source's articles whose page is kept, after `afterId`, `take` at a time (pages are up to a few
 * MB each once unzipped): what "re-extract" applies a changed selector to.
 */
export async function listKeptPages(
  db: Db,
  input: { sourceId: number; afterId: number; take: number },
): Promise<PageTarget[]> {
  const rows = await db.article.findMany({
    where: { sourceId: input.sourceId, id: { gt: input.afterId }, page: { html: { not: null } } },
    orderBy: { id: "asc" },
    take: input.take,
    select: TARGET_SELECT,
  });
  return rows.map(toTarget);
}

function toTarget(row: TargetRow): PageTarget {
  const { page } = row;
  return {
    articleId: row.id,
    sourceId: row.sourceId,
    url: row.url,
    selector: row.source.fullTextSelector,
    stored: page && { ...page, html: page.html === null ? null : gunzipSync(page.html).toString("utf8") },
  };
}
