"use client";
// An admin sets a user's password (their own too): that user's sessions end at once.
import { useActionState } from "react";
import { resetUserPassword } from "@/app/admin/users/actions";
import { IDLE_USER_FORM } from "@/lib/features/auth/user-form-state";
import { MAX_PASSWORD_LENGTH } from "@/lib/features/auth/user-input";
import { describeControl } from "@/components/forms/form-field";
import { FieldError } from "@/components/forms/field-error";
import styles from "@/components/forms/form.module.css";

export function ResetPasswordForm({ userId, userName }: { userId: number; userName: string }) {
  const [state, action, pending] = useActionState(resetUserPassword, IDLE_USER_FORM);
  const id = `reset-${userId}`;
  const errors =
    state.fieldErrors.password ?? (state.status === "error" && state.message ? [state.message] : undefined);
  return (
    <form action={action} noValidate>
      <input type="hidden" name="id" value={userId} />
      <label htmlFor={id} className={styles.label}>
        New password for {userName}
      </label>
      <input
        {...describeControl(id, errors)}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
      />
      <button type="submit" className={`${styles.button} ${styles.secondary}`} disabled={pending}>
        Reset password
      </button>
      <FieldError id={`${id}-error`} errors={errors} />
      {!pending && state.status === "saved" ? (
        <span className={styles.saved} role="status">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
