"use client";

import { useState } from "react";
import type { ArticleDetail } from "@/lib/articles/dto";
import { ArticleContent } from "@/components/reader/article-content";
import { RelativeTime } from "@/components/reader/relative-time";
import styles from "./article-view.module.css";

/**
 * The article's text: the full article read from its page when there is one, else the feed's
 * content; a line says which one is shown and switches to the other. The page's failure (robots.txt,
 * not HTML, no article) is said there too, above the feed's content.
 */
export function ArticleBody({ detail }: { detail: ArticleDetail }) {
  const { fullText } = detail;
  const [showFeed, setShowFeed] = useState(false);
  const full = fullText?.state === "extracted" && !showFeed ? fullText : null;
  const feedBody = detail.contentHtml ? (
    <ArticleContent html={detail.contentHtml} />
  ) : (
    <p className={styles.content}>{detail.snippet ?? "This article has no content; open the original to read it."}</p>
  );
  return (
    <>
      {fullText?.state === "extracted" && (
        <p className={styles.versionLine} data-article-version={full ? "full" : "feed"}>
          <span>
            {full ? (
              <>
                Full article from the page{full.bySelector ? " (the source's selector)" : ""}, fetched{" "}
                <RelativeTime iso={full.fetchedAt} />
              </>
            ) : (
              "The feed's version"
            )}
          </span>
          <button type="button" className={styles.linkButton} onClick={() => setShowFeed(!showFeed)}>
            {full ? "Show the feed's version" : "Show the full article"}
          </button>
        </p>
      )}
      {fullText?.state === "failed" && (
        <p className={styles.versionLine} data-article-version="feed" role="status">
          <span>The full article could not be read ({fullText.reason}); this is the feed&apos;s version.</span>
        </p>
      )}
      {full ? <ArticleContent html={full.html} /> : feedBody}
    </>
  );
}
