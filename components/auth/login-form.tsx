"use client";
// The login form: user name and password. The answer comes back through useActionState: a message
// on failure (wrong name or password, too many tries), a redirect to where the reader was going on
// success.
import { useActionState } from "react";
import { logIn } from "@/app/login/actions";
import type { LoginState } from "@/lib/features/auth/login-state";
import { FieldError } from "@/components/forms/field-error";
import styles from "@/components/forms/form.module.css";
import { MAX_API_USER_LENGTH } from "@/lib/features/auth/api-credential-limits";

const INITIAL: LoginState = { status: "idle" };

export function LoginForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(logIn, INITIAL);
  const errors = state.status === "error" ? [state.message] : undefined;
  return (
    <form action={action} className={styles.form} noValidate>
      <input type="hidden" name="next" value={next} />
      <div className={styles.field}>
        <label htmlFor="name" className={styles.label}>
          User name
        </label>
        <input
          id="name"
          name="name"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          className={styles.input}
          required
          autoFocus
          maxLength={MAX_API_USER_LENGTH}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="password" className={styles.label}>
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          className={styles.input}
          required
          maxLength={1024}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? "password-error" : undefined}
        />
        <FieldError id="password-error" errors={errors} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={pending}>
          Log in
        </button>
      </div>
    </form>
  );
}
