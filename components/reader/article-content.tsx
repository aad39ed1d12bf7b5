import styles from "./article-view.module.css";

/**
 * The article's body. Article.content holds HTML that the parse step sanitized (allowlist,
 * http(s) URLs only, no scripts, no event handlers, images with referrerpolicy=no-referrer) and
 * the page's CSP blocks inline scripts besides: this is the only place the reader renders HTML,
 * and only from that column.
 */
export function ArticleContent({ html }: { html: string }) {
  // data-article-content marks the feed's HTML for tests that inspect what it became in the DOM.
  return <div className={styles.content} data-article-content dangerouslySetInnerHTML={{ __html: html }} />;
}
