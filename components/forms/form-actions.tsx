import { PendingStatus } from "./pending-status";
import styles from "./form.module.css";

/** A form's submit button, the pending sentence while its action runs, and "Saved." after. */
export function FormActions({ label, pending, saved }: { label: string; pending: boolean; saved: boolean }) {
  return (
    <div className={styles.actions}>
      <button type="submit" className={styles.button} disabled={pending}>
        {label}
      </button>
      <PendingStatus pending={pending}>Saving…</PendingStatus>
      {!pending && saved ? (
        <span className={styles.saved} role="status">
          Saved.
        </span>
      ) : null}
    </div>
  );
}
