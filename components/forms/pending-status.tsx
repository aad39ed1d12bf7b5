import type { ReactNode } from "react";
import styles from "./form.module.css";

/** A spinner and a sentence while an action runs (useActionState's isPending). */
export function PendingStatus({ pending, children }: { pending: boolean; children: ReactNode }) {
  if (!pending) return null;
  return (
    <span className={styles.status} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {children}
    </span>
  );
}
