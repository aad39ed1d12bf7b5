// One answer for an article's page → what to keep: the extracted article, or why there is none.
// In two steps around the extraction, which the caller runs where it should (off the server's main
// thread: lib/pipeline/round/extract-off-thread.ts): `preparePage` decides whether the answer is a
// page to read at all and decodes it; `judgeExtraction` turns what the extractor found into the
// verdict. A 304 re-reads the page kept from the last answer (its validators were sent because it
// was kept). Pure: the fetch has happened; no I/O, no clock.
import { NETWORK_ERROR_KINDS, type ErrorKind, type FetchResult } from "@/lib/pipeline/fetch/types";
import { decodeBody } from "../encoding/decode-body";
import type { ExtractionInput } from "./extract-article";

export type PageErrorKind = ErrorKind | "not_html" | "no_article";

/**
 * Failures that say nothing about the page (the network, the server busy or down, a Retry-After):
 * the rounds ask again later, a few times. Any other answer is the page's, and final.
 */
export const RETRIED_PAGE_ERRORS: readonly PageErrorKind[] = [...NETWORK_ERROR_KINDS, "http_5xx", "rate_limited"];

export type PageVerdict =
  | {
      state: "extracted";
      content: string;
      extractedBy: "readability" | "selector";
      /** The page as read, kept for "re-extract" and for the next conditional request. */
      pageHtml: string;
      etag: string | null;
      lastModified: string | null;
    }
  | { state: "failed"; errorKind: PageErrorKind; detail: string };

type FailedPage = Extract<PageVerdict, { state: "failed" }>;

/** A page to extract: what the extractor reads, and what the verdict keeps beside its article. */
export type PreparedPage = {
  state: "prepared";
  extraction: ExtractionInput;
  etag: string | null;
  lastModified: string | null;
};

/** What an extractor answers (extract-article.ts), or the failure of the thread it ran in. */
export type ExtractorAnswer =
  { ok: true; html: string; by: "readability" | "selector" } | { ok: false; errorKind: PageErrorKind; detail: string };

const HTML_TYPES = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;

export function preparePage(
  result: FetchResult,
  context: { storedHtml: string | null; selector: string | null },
): PreparedPage | FailedPage {
  if (result.outcome === "error") return { state: "failed", errorKind: result.errorKind, detail: result.detail };
  const { finalUrl, headers } = result.meta;
  let pageHtml: string;
  if (result.outcome === "not_modified") {
    // Validators are only sent with a kept page; a 304 without one cannot be read.
    if (context.storedHtml === null)
      return {
        state: "failed",
        errorKind: "http_4xx",
        detail: "304 Not Modified to a request Tidings sent unconditionally",
      };
    pageHtml = context.storedHtml;
  } else {
    const refusal = refuseNonHtml(headers.contentType, result.body);
    if (refusal !== null) return { state: "failed", errorKind: "not_html", detail: refusal };
    pageHtml = decodeBody(result.body, headers.contentType).text;
  }
  return {
    state: "prepared",
    extraction: { html: pageHtml, url: finalUrl, selector: context.selector },
    etag: headers.etag,
    lastModified: headers.lastModified,
  };
}

export function judgeExtraction(page: PreparedPage, extraction: ExtractorAnswer): PageVerdict {
  if (!extraction.ok) return { state: "failed", errorKind: extraction.errorKind, detail: extraction.detail };
  return {
    state: "extracted",
    content: extraction.html,
    extractedBy: extraction.by,
    pageHtml: page.extraction.html,
    etag: page.etag,
    lastModified: page.lastModified,
  };
}

/** Why this body is not an HTML page, or null. Without a Content-Type, markup at the start will do. */
function refuseNonHtml(contentType: string | null, body: Buffer): string | null {
  if (contentType === null)
    return /^\s*</.test(body.subarray(0, 512).toString("latin1"))
      ? null
      : "not an HTML page (no Content-Type, no markup)";
  return HTML_TYPES.test(contentType) ? null : `not an HTML page (${contentType.split(";")[0]!.trim()})`;
}
