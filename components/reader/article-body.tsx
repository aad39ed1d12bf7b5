"use client";

import { useState } from "react";
import type { ArticleDetail } from "@/lib/reads/articles/dto";
import { ArticleContent } from "@/components/reader/article-content";
import { RelativeTime } from "@/components/reader/relative-time";
import styles from "./article-view.module.css";

type Props = {
  detail: ArticleDetail;
  /** "Fetch the full article": its page, through the server's lanes. */
  onFetchFullText: () => void;
  fetchingFullText: boolean;
};

/**
 * The article's text: the full article read from its page when there is one, else the feed's
 * content. A line above it says which one is shown, switches to the other, and fetches the page
 * (again); a page that could not be read says why there. In the text, not the toolbar: the
 * toolbar is full on a phone, and this is about the text.
 */
export function ArticleBody({ detail, onFetchFullText, fetchingFullText }: Props) {
  const { fullText } = detail;
  const [showFeed, setShowFeed] = useState(false);
  const full = fullText?.state === "extracted" && !showFeed ? fullText : null;
  const fetchButton = detail.url ? (
    <button
      type="button"
      className={styles.linkButton}
      onClick={onFetchFullText}
      disabled={fetchingFullText}
      aria-busy={fetchingFullText}
      title="Fetch the article's page and read the whole article from it"
    >
      {fetchingFullText ? "Fetching…" : fullText ? "Fetch it again" : "Fetch the full article"}
    </button>
  ) : null;
  return (
    <>
      <p className={styles.versionLine} data-article-version={full ? "full" : "feed"}>
        <span>
          {full ? (
            <>
              Full article from the page{full.bySelector ? " (the source's selector)" : ""}, fetched{" "}
              <RelativeTime iso={full.fetchedAt} />
            </>
          ) : fullText?.state === "failed" ? (
            <>The full article could not be read ({fullText.reason}); this is the feed&apos;s version</>
          ) : (
            "The feed's version"
          )}
        </span>
        {fullText?.state === "extracted" && (
          <button type="button" className={styles.linkButton} onClick={() => setShowFeed(!showFeed)}>
            {full ? "Show the feed's version" : "Show the full article"}
          </button>
        )}
        {fetchButton}
      </p>
      {full ? <ArticleContent html={full.html} /> : <FeedContent detail={detail} />}
    </>
  );
}

function FeedContent({ detail }: { detail: ArticleDetail }) {
  return detail.contentHtml ? (
    <ArticleContent html={detail.contentHtml} />
  ) : (
    <p className={styles.content}>{detail.snippet ?? "This article has no content; open the original to read it."}</p>
  );
}
