"use client";
import { useActionState } from "react";
import { PendingStatus } from "@/components/forms/pending-status";
import type { SourceActionState as ActionState } from "@/lib/reads/sources/action-states";
import styles from "../forms/form.module.css";

type Props = {
  sourceId: number;
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>;
  label: string;
  pendingText: string;
  hint?: string;
  /** Names the result's element for tests (data-<name>-result). */
  resultName: string;
};

const INITIAL: ActionState = { status: "idle", message: "" };

/** One button that runs a server action on a source, says it is running, then what it did. */
export function SourceActionForm({ sourceId, action, label, pendingText, hint, resultName }: Props) {
  const [state, formAction, pending] = useActionState(action, INITIAL);
  return (
    <form action={formAction} className={styles.actions}>
      <input type="hidden" name="id" value={sourceId} />
      <button type="submit" className={styles.button} disabled={pending}>
        {label}
      </button>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
      <PendingStatus pending={pending}>{pendingText}</PendingStatus>
      {!pending && state.message ? (
        <span
          className={state.status === "error" ? styles.error : styles.status}
          role="status"
          {...{ [`data-${resultName}-result`]: true }}
        >
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
