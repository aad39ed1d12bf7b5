"use client";
import { useActionState } from "react";
import { toggleSourceEnabled } from "@/app/sources/actions";
import type { ToggleEnabledState } from "@/lib/reads/sources/action-states";
import { PendingStatus } from "@/components/forms/pending-status";
import styles from "@/components/forms/form.module.css";

const INITIAL: ToggleEnabledState = { status: "idle", message: "" };

/** One button: disable an enabled source, enable a disabled one (history is written either way). */
export function ToggleEnabledForm({ sourceId, enabled }: { sourceId: number; enabled: boolean }) {
  const [state, action, pending] = useActionState(toggleSourceEnabled, INITIAL);
  return (
    <form action={action} className={styles.actions}>
      <input type="hidden" name="id" value={sourceId} />
      <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
      <button type="submit" className={`${styles.button} ${styles.secondary}`} disabled={pending}>
        {enabled ? "Disable" : "Enable"}
      </button>
      <PendingStatus pending={pending}>{enabled ? "Disabling…" : "Enabling…"}</PendingStatus>
      {!pending && state.message ? (
        <span className={state.status === "error" ? styles.error : styles.status} role="status">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
