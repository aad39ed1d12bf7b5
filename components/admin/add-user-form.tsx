"use client";
// Adds a user on /admin/users: name, first password (they can be told it, and the admin can reset
// it later) and role.
import { useActionState } from "react";
import { addUser } from "@/app/admin/users/actions";
import { IDLE_USER_FORM } from "@/lib/features/auth/user-form-state";
import { UserCredentialFields } from "@/components/auth/user-credential-fields";
import { FormField, describeControl } from "@/components/forms/form-field";
import { FieldError } from "@/components/forms/field-error";
import { PendingStatus } from "@/components/forms/pending-status";
import styles from "@/components/forms/form.module.css";

export function AddUserForm() {
  const [state, action, pending] = useActionState(addUser, IDLE_USER_FORM);
  return (
    <form action={action} className={styles.form} noValidate>
      <UserCredentialFields idPrefix="new-user" state={state} />
      <FormField id="new-user-role" label="Role" errors={state.fieldErrors.role}>
        <select {...describeControl("new-user-role", state.fieldErrors.role)} name="role" defaultValue="member">
          <option value="member">Member: reads their own feeds</option>
          <option value="admin">Admin: also users, health and publishers</option>
        </select>
      </FormField>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={pending}>
          Add user
        </button>
        <PendingStatus pending={pending}>Adding…</PendingStatus>
        {!pending && state.status === "saved" ? (
          <span className={styles.saved} role="status">
            {state.message}
          </span>
        ) : null}
      </div>
      {state.status === "error" && state.message ? <FieldError id="new-user-error" errors={[state.message]} /> : null}
    </form>
  );
}
