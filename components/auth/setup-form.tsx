"use client";
// The first admin's name and password (/setup). On success the action logs them in and opens the reader.
import { useActionState } from "react";
import { setUpFirstAdmin } from "@/app/setup/actions";
import { IDLE_USER_FORM } from "@/lib/features/auth/user-form-state";
import { UserCredentialFields } from "@/components/auth/user-credential-fields";
import { FormActions } from "@/components/forms/form-actions";
import styles from "@/components/forms/form.module.css";

export function SetupForm() {
  const [state, action, pending] = useActionState(setUpFirstAdmin, IDLE_USER_FORM);
  return (
    <form action={action} className={styles.form} noValidate>
      <UserCredentialFields idPrefix="setup" state={state} />
      <FormActions label="Create the admin and start reading" pending={pending} saved={false} />
    </form>
  );
}
