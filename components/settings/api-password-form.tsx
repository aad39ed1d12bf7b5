"use client";
// One's API password for the feed apps, whose user name is one's own. The password field is never
// prefilled: only hashes are stored.
import { useActionState } from "react";
import { clearApiPassword, saveApiPassword } from "@/app/settings/actions";
import type { ApiPasswordState } from "@/lib/features/auth/api-password-state";
import type { ApiAccount } from "@/lib/features/auth/get-api-account";
import { MAX_API_PASSWORD_LENGTH } from "@/lib/features/auth/api-credential-limits";
import { FormField, describeControl } from "@/components/forms/form-field";
import { FormActions } from "@/components/forms/form-actions";
import styles from "@/components/forms/form.module.css";

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
        <FormField
          id="api-password"
          label="New API password"
          errors={errors.password}
          hint="Not your web password: a long random one, used only by apps (a Fever app stores a fast hash of it)."
        >
          <input
            {...describeControl("api-password", errors.password, { hint: true })}
            name="password"
            type="password"
            maxLength={MAX_API_PASSWORD_LENGTH}
            autoComplete="new-password"
          />
        </FormField>
        <FormActions label="Save API password" pending={pending} saved={state.status === "saved"} />
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
