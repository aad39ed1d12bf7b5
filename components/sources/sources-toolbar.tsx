import Link from "next/link";
import styles from "./sources-toolbar.module.css";

/** The sources page's actions: add one feed, import many, export all. */
export function SourcesToolbar() {
  return (
    <div className={styles.toolbar}>
      <Link href="/sources/new" className={styles.primary}>
        + Add a feed
      </Link>
      <Link href="/sources/import" className={styles.secondary}>
        Import OPML
      </Link>
      <a href="/sources/export" className={styles.secondary} download>
        Export OPML
      </a>
    </div>
  );
}
