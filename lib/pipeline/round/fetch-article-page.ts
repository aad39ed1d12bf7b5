// One article's page: asked for through the page lane (robots.txt, the domain's gap, the SSRF
// guard, the size cap, all of fetchFeed's), read (lib/parse/full-text), and stored beside the
// feed's content with its row in the log. Conditional when the page is kept from before (the
// reader's action again). Never throws for what the publisher did: every failure is stored as the
// page's state and the log row's detail, and the article keeps its feed content.
import type { Db } from "@/lib/db/client";
import { fetchFeed } from "@/lib/pipeline/fetch/fetch-feed";
import { PAGE_ACCEPT } from "@/lib/pipeline/fetch/request-headers";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import { judgeExtraction, preparePage, type PageVerdict } from "@/lib/pipeline/parse/full-text/read-article-page";
import { extractArticleOffThread } from "@/lib/pipeline/round/extract-off-thread";
import { pageLane } from "@/lib/pipeline/round/page-lane";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import type { PageTarget } from "@/lib/pipeline/store/pages/page-targets";
import { saveArticlePage, type ArticlePageRow } from "@/lib/pipeline/store/pages/save-article-page";
import type { PageFetchRow } from "@/lib/pipeline/store/pages/log-requests-beside-feed";
import { createLogger } from "@/lib/base/log";

const log = createLogger("full-text");

export type PageReport = { articleId: number; state: "extracted" | "failed"; detail: string | null };

export async function fetchArticlePage(
  db: Db,
  settings: RoundSettings,
  target: PageTarget,
  options: { manual: boolean },
): Promise<PageReport> {
  const at = settings.clock.now();
  const base = { articleId: target.articleId, sourceId: target.sourceId, at };
  if (target.url === null) {
    const detail = "the feed gives no link to the article's page";
    await saveArticlePage(db, { ...base, page: failedPage("", "no_article", detail), fetch: null });
    return { articleId: target.articleId, state: "failed", detail };
  }
  const storedHtml = target.stored?.html ?? null;
  const result = await fetchFeed(
    // Validators only with a kept page: a 304 must have something to re-read.
    {
      url: target.url,
      etag: storedHtml === null ? null : (target.stored?.etag ?? null),
      lastModified: storedHtml === null ? null : (target.stored?.lastModified ?? null),
    },
    { ...settings.fetch, accept: PAGE_ACCEPT, lane: pageLane(db, settings, target.url) },
  );
  const prepared = preparePage(result, { storedHtml, selector: target.selector });
  const verdict =
    prepared.state === "prepared"
      ? judgeExtraction(prepared, await extractArticleOffThread(prepared.extraction))
      : prepared;
  // A failed request does not undo an article read before: the log says what happened this time.
  const keepStored = verdict.state === "failed" && target.stored?.state === "extracted";
  await saveArticlePage(db, {
    ...base,
    page: keepStored ? null : toPageRow(result.meta.finalUrl, verdict),
    fetch: toFetchRow(result, verdict, at, options.manual),
  });
  const detail = verdict.state === "failed" ? `${verdict.errorKind}: ${verdict.detail}` : null;
  log.info(`article ${target.articleId} ${target.url}: ${verdict.state}${detail ? ` (${detail})` : ""}`);
  return { articleId: target.articleId, state: verdict.state, detail };
}

function toPageRow(url: string, verdict: PageVerdict): ArticlePageRow {
  if (verdict.state === "failed") return failedPage(url, verdict.errorKind, verdict.detail);
  return {
    url,
    state: "extracted",
    errorKind: null,
    detail: null,
    content: verdict.content,
    extractedBy: verdict.extractedBy,
    html: verdict.pageHtml,
    etag: verdict.etag,
    lastModified: verdict.lastModified,
  };
}

function failedPage(url: string, errorKind: string, detail: string): ArticlePageRow {
  const nothing = { content: null, extractedBy: null, html: null, etag: null, lastModified: null };
  return { url, state: "failed", errorKind, detail, ...nothing };
}

function toFetchRow(result: FetchResult, verdict: PageVerdict, startedAt: Date, manual: boolean): PageFetchRow {
  const { meta } = result;
  // A page that came back but holds no article is an error of its own kind, as a feed that is not one.
  const failed = verdict.state === "failed";
  return {
    kind: "page",
    url: meta.requestedUrl,
    startedAt,
    durationMs: meta.durationMs,
    laneWaitMs: meta.laneWaitMs,
    outcome: failed ? "error" : result.outcome,
    errorKind: failed ? verdict.errorKind : null,
    httpStatus: meta.httpStatus,
    bytesReceived: meta.bytesReceived,
    conditional: meta.conditional,
    manual,
    detail: failed ? verdict.detail : meta.finalUrl === meta.requestedUrl ? null : `from ${meta.finalUrl}`,
  };
}
