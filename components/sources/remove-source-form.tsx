"use client";
// Removal asks first, and says what goes with the source: its articles (read, unread and
// starred), its fetch log and its history. Nothing of it can be brought back.
import { useActionState, useState } from "react";
import { removeSource } from "@/app/sources/actions";
import type { RemoveSourceState } from "@/lib/reads/sources/action-states";
import { FieldError } from "@/components/forms/field-error";
import { PendingStatus } from "@/components/forms/pending-status";
import styles from "@/components/forms/form.module.css";

const INITIAL: RemoveSourceState = { status: "idle", fieldErrors: {} };

export function RemoveSourceForm({
  sourceId,
  title,
  articleCount,
}: {
  sourceId: number;
  title: string;
  articleCount: number;
}) {
  const [state, action, pending] = useActionState(removeSource, INITIAL);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <div className={styles.actions}>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => setConfirming(true)}>
          Remove this source…
        </button>
      </div>
    );
  }
  const articles = `${articleCount} article${articleCount === 1 ? "" : "s"}`;
  return (
    <form
      action={action}
      className={styles.form}
      role="alertdialog"
      aria-labelledby="remove-title"
      aria-describedby="remove-what"
    >
      <input type="hidden" name="id" value={sourceId} />
      <input type="hidden" name="confirm" value="yes" />
      <p id="remove-title" className={styles.label}>
        Remove “{title}”?
      </p>
      <p id="remove-what">
        Its <strong>{articles}</strong> are deleted with it (read, unread and starred), as are its fetch log and its
        history. This cannot be undone. To stop fetching it but keep its articles, disable it instead.
      </p>
      <FieldError id="remove-error" errors={state.fieldErrors.form ?? state.fieldErrors.confirm} />
      <div className={styles.actions}>
        <button type="submit" className={`${styles.button} ${styles.danger}`} disabled={pending}>
          Remove it and delete its {articles}
        </button>
        <button
          type="button"
          className={`${styles.button} ${styles.secondary}`}
          onClick={() => setConfirming(false)}
          disabled={pending}
        >
          Cancel
        </button>
        <PendingStatus pending={pending}>Removing…</PendingStatus>
      </div>
    </form>
  );
}
