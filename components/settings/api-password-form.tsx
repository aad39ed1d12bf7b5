"use client";
// The feed apps' user name and API password (Fever now). The password field is never prefilled:
// only hashes are stored.
import { useActionState } from "react";
import { clearApiPassword, saveApiPassword } from "@/app/settings/actions";
import type { ApiPasswordState } from "@/lib/features/auth/api-password-state";
import type { ApiAccount } from "@/lib/features/auth/get-api-account";
import { MAX_API_PASSWORD_LENGTH, MAX_API_USER_LENGTH } from "@/lib/features/auth/api-credential-limits";
import { FieldError } from "@/components/sources/field-error";
import { PendingStatus } from "@/components/sources/pending-status";
import styles from "@/components/sources/form.module.css";

const INITIAL: ApiPasswordState = { status: "idle", fieldErrors: {} };

export function ApiPasswordForm({ account }: { account: ApiAccount }) {
  const [state, action, pending] = useActionState(saveApiPassword, INITIAL);
  const [cleared, clear, clearing] = useActionState(clearApiPassword, INITIAL);
  const errors = state.fieldErrors;
  return (
    <>
      <form action={action} className={styles.form} noValidate>
        <p className={styles.hint}>
          {account.passwordSet
            ? `An API password is set for “${account.user}”.`
            : "No API password is set: feed apps cannot sign in."}
        </p>
        <div className={styles.field}>
          <label htmlFor="api-user" className={styles.label}>
            User name
          </label>
          <input
            id="api-user"
            name="user"
            className={styles.input}
            defaultValue={account.user}
            maxLength={MAX_API_USER_LENGTH}
            autoComplete="off"
            aria-invalid={errors.user ? true : undefined}
          />
          <FieldError id="api-user-error" errors={errors.user} />
        </div>
        <div className={styles.field}>
          <label htmlFor="api-password" className={styles.label}>
            New API password
          </label>
          <input
            id="api-password"
            name="password"
            type="password"
            className={styles.input}
            maxLength={MAX_API_PASSWORD_LENGTH}
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby="api-password-hint"
          />
          <span id="api-password-hint" className={styles.hint}>
            Not your web password: a long random one, used only by apps (a Fever app stores a fast hash of it).
          </span>
          <FieldError id="api-password-error" errors={errors.password} />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={pending}>
            Save API password
          </button>
          <PendingStatus pending={pending}>Saving…</PendingStatus>
          {!pending && state.status === "saved" ? (
            <span className={styles.saved} role="status">
              Saved.
            </span>
          ) : null}
        </div>
      </form>
      {account.passwordSet ? (
        <form action={clear} className={styles.actions}>
          <button type="submit" className={`${styles.button} ${styles.secondary}`} disabled={clearing}>
            Remove the API password
          </button>
          {!clearing && cleared.status === "cleared" ? (
            <span className={styles.saved} role="status">
              Removed.
            </span>
          ) : null}
        </form>
      ) : null}
    </>
  );
}
