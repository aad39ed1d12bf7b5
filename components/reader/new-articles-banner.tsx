import styles from "./reader.module.css";

/** "N new articles": the list stays where it is until the reader asks for them. */
export function NewArticlesBanner({ count, onLoad }: { count: number; onLoad: () => void }) {
  if (count <= 0) return null;
  return (
    <button type="button" className={styles.banner} onClick={onLoad}>
      {count === 1 ? "1 new article" : `${count} new articles`} ↑
    </button>
  );
}
