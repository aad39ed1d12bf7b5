"use client";
import { useActionState } from "react";
import { reExtract } from "@/app/sources/actions";
import type { ReExtractState } from "@/lib/sources/action-states";
import { PendingStatus } from "@/components/sources/pending-status";
import styles from "./form.module.css";

const INITIAL: ReExtractState = { status: "idle", message: "" };

/** "Re-extract": the source's selector (or the extractor) applied again to its kept pages; no request. */
export function ReExtractForm({ sourceId }: { sourceId: number }) {
  const [state, action, pending] = useActionState(reExtract, INITIAL);
  return (
    <form action={action} className={styles.actions}>
      <input type="hidden" name="id" value={sourceId} />
      <button type="submit" className={styles.button} disabled={pending}>
        Re-extract
      </button>
      <span className={styles.hint}>
        Reads the pages already fetched again with the current selector; nothing is asked of the publisher.
      </span>
      <PendingStatus pending={pending}>Reading the kept pages…</PendingStatus>
      {!pending && state.message ? (
        <span className={state.status === "error" ? styles.error : styles.status} role="status" data-re-extract-result>
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
