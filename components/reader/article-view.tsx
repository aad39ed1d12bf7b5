"use client";

import { useEffect, useRef } from "react";
import type { ArticleDetail, ArticleListItem } from "@/lib/reads/articles/dto";
import { ArticleBody } from "@/components/reader/article-body";
import { EnclosureList } from "@/components/reader/enclosure-list";
import { RelativeTime } from "@/components/reader/relative-time";
import styles from "./article-view.module.css";

type Props = {
  articleId: number;
  /** The list's copy: shown at once while the content loads. */
  summary: ArticleListItem | undefined;
  detail: ArticleDetail | undefined;
  status: "pending" | "error" | "success";
  errorMessage: string | null;
  onBack: () => void;
  onToggleRead: () => void;
  onToggleStar: () => void;
  /** "Fetch the full article" (its page, through the server's lanes); `fetchingFullText` while it runs. */
  onFetchFullText: () => void;
  fetchingFullText: boolean;
};

/** The reading view: title, source, author, date, the original link, the content, attachments. */
export function ArticleView({
  articleId,
  summary,
  detail,
  status,
  errorMessage,
  onBack,
  onToggleRead,
  onToggleStar,
  onFetchFullText,
  fetchingFullText,
}: Props) {
  const article = detail ?? summary;
  const scroller = useRef<HTMLDivElement>(null);
  // Opening an article takes the focus into it: a keyboard or screen-reader user reads on from
  // there (arrows and Space scroll it) instead of staying in the list. Esc gives it back.
  useEffect(() => {
    scroller.current?.focus({ preventScroll: true });
  }, [articleId]);
  return (
    // data-loaded-article-id appears once this article's content is on the page (tests wait for it).
    <article className={styles.view} aria-label={article?.title || "Article"} data-loaded-article-id={detail?.id}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={`${styles.button} ${styles.back}`}
          onClick={onBack}
          title="Back to the list (Esc)"
          aria-label="Back to the articles"
        >
          ← <span className={styles.label}>Articles</span>
        </button>
        {article && (
          <>
            <button type="button" className={styles.button} onClick={onToggleRead} title="Toggle read (m)">
              {article.read ? "Mark unread" : "Mark read"}
            </button>
            <button
              type="button"
              className={styles.button}
              onClick={onToggleStar}
              aria-pressed={article.starred}
              title="Star (s)"
            >
              <span aria-hidden="true">{article.starred ? "★" : "☆"}</span> {article.starred ? "Starred" : "Star"}
            </button>
            {article.url && (
              <a
                className={styles.button}
                href={article.url}
                target="_blank"
                rel="noopener noreferrer"
                title="Open the original (v)"
              >
                Original ↗
              </a>
            )}
          </>
        )}
      </div>
      <div className={styles.scroller} key={articleId} ref={scroller} tabIndex={-1} data-article-body>
        {!article && status === "pending" && <p className={styles.note}>Loading…</p>}
        {status === "error" && (
          <p className={styles.note} role="alert">
            {errorMessage}
          </p>
        )}
        {article && (
          <div className={styles.page}>
            <p className={styles.meta}>
              <span className={styles.source}>{article.sourceTitle}</span>
              {article.author && <span>{article.author}</span>}
              <RelativeTime iso={article.publishedAt} />
            </p>
            <h1 className={styles.title}>
              {article.url ? (
                <a href={article.url} target="_blank" rel="noopener noreferrer">
                  {article.title || "(untitled)"}
                </a>
              ) : (
                article.title || "(untitled)"
              )}
            </h1>
            {detail && <EnclosureList enclosures={detail.enclosures} />}
            {detail ? (
              <ArticleBody
                key={detail.id}
                detail={detail}
                onFetchFullText={onFetchFullText}
                fetchingFullText={fetchingFullText}
              />
            ) : (
              status === "pending" && <p className={styles.note}>Loading the article…</p>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
