"use client";
import { useActionState } from "react";
import { fetchNow } from "@/app/sources/actions";
import type { FetchNowState } from "@/lib/reads/sources/action-states";
import { PendingStatus } from "@/components/forms/pending-status";
import styles from "@/components/forms/form.module.css";
import { FETCH_NOW_REPEAT_MINUTES } from "@/lib/pipeline/policy/fetch-now-rule";

const INITIAL: FetchNowState = { status: "idle", message: "" };

/**
 * "Fetch now" joins the same serial lane as the rounds: when a round is running it waits its turn
 * (one request in flight, ever), which is why the pending text says so. It never undercuts a
 * publisher's Retry-After, and a second click within FETCH_NOW_REPEAT_MINUTES sends nothing: the page
 * says so before the click, not only after.
 */
export function FetchNowForm({ sourceId, disabled }: { sourceId: number; disabled: boolean }) {
  const [state, action, pending] = useActionState(fetchNow, INITIAL);
  return (
    <form action={action} className={styles.actions}>
      <input type="hidden" name="id" value={sourceId} />
      <button
        type="submit"
        className={styles.button}
        disabled={pending || disabled}
        title={disabled ? "Enable the source to fetch it" : "Fetch after any round in progress"}
      >
        Fetch now
      </button>
      <span className={styles.hint} data-fetch-now-rule>
        At most once every {FETCH_NOW_REPEAT_MINUTES} minutes, and never while its server asked to wait (Retry-After):
        clicking again sooner sends nothing.
      </span>
      <PendingStatus pending={pending}>Waiting for its turn, then fetching…</PendingStatus>
      {!pending && state.message ? (
        <span className={state.status === "error" ? styles.error : styles.status} role="status" data-fetch-result>
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
