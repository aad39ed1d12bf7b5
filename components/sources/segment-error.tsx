"use client";
import styles from "./notice.module.css";

/** The error boundary's message: what failed, a retry, and the digest that names the log line. */
export function SegmentError({
  what,
  error,
  reset,
}: {
  what: string;
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className={`${styles.notice} ${styles.bad}`} role="alert">
      <p>
        <strong>Could not load {what}.</strong> The database may be busy or unreachable; the server log has the details
        {error.digest ? ` (reference ${error.digest})` : ""}.
      </p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
