// The user name and password inputs of a feed's HTTP Basic login, for the add and edit forms.
// Never prefilled: the password is not sent back to a page.
import type { FieldErrors } from "@/lib/reads/sources/form-schemas";
import { MAX_LOGIN_PASSWORD_LENGTH, MAX_LOGIN_USER_LENGTH } from "@/lib/base/login-limits";
import { FieldError } from "@/components/forms/field-error";
import styles from "../forms/form.module.css";

export function LoginFields({ errors, hintId }: { errors: FieldErrors; hintId: string }) {
  return (
    <>
      <label htmlFor="login-user" className={styles.label}>
        User name
      </label>
      <input
        id="login-user"
        name="loginUser"
        className={styles.input}
        autoComplete="off"
        maxLength={MAX_LOGIN_USER_LENGTH}
        aria-invalid={errors.loginUser ? true : undefined}
        aria-describedby={hintId}
      />
      <FieldError id="login-user-error" errors={errors.loginUser} />
      <label htmlFor="login-password" className={styles.label}>
        Password
      </label>
      <input
        id="login-password"
        name="loginPassword"
        type="password"
        className={styles.input}
        autoComplete="new-password"
        maxLength={MAX_LOGIN_PASSWORD_LENGTH}
        aria-invalid={errors.loginPassword ? true : undefined}
      />
      <FieldError id="login-password-error" errors={errors.loginPassword} />
    </>
  );
}
