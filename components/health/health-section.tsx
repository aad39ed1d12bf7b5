import type { ReactNode } from "react";
import styles from "./health-section.module.css";

/** A titled section of a health page, with an optional one-line explanation. */
export function HealthSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
