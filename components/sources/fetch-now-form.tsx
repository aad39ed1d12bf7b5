"use client";
import { useActionState } from "react";
import { fetchNow } from "@/app/sources/actions";
import type { FetchNowState } from "@/lib/sources/action-states";
import { PendingStatus } from "@/components/sources/pending-status";
import styles from "./form.module.css";

const INITIAL: FetchNowState = { status: "idle", message: "" };

/**
 * "Fetch now" joins the same serial lane as the rounds: when a round is running it waits its turn
 * (one request in flight, ever), which is why the pending text says so.
 */
export function FetchNowForm({ sourceId, disabled }: { sourceId: number; disabled: boolean }) {
  const [state, action, pending] = useActionState(fetchNow, INITIAL);
  return (
    <form action={action} className={styles.actions}>
      <input type="hidden" name="id" value={sourceId} />
      <button type="submit" className={styles.button} disabled={pending || disabled} title={disabled ? "Enable the source to fetch it" : "Fetch after any round in progress"}>
        Fetch now
      </button>
      <PendingStatus pending={pending}>Waiting for its turn, then fetching…</PendingStatus>
      {!pending && state.message ? <span className={state.status === "error" ? styles.error : styles.status} role="status" data-fetch-result>{state.message}</span> : null}
    </form>
  );
}
