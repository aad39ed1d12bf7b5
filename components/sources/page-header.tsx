import type { ReactNode } from "react";
import styles from "./page-header.module.css";

/** A page title with its actions on the right (wrapping below on narrow screens). */
export function PageHeader({ title, children, below }: { title: ReactNode; children?: ReactNode; below?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <h1 className={styles.title}>{title}</h1>
        {children ? <div className={styles.actions}>{children}</div> : null}
      </div>
      {below}
    </header>
  );
}
