import styles from "./notice.module.css";

/** Shown on the sources page after a removal. */
export function RemovedNotice({ title, articles }: { title: string; articles: number }) {
  return (
    <p className={styles.notice} role="status">
      Removed “{title.slice(0, 200)}” and its {Number.isFinite(articles) ? articles : 0} articles.
    </p>
  );
}
