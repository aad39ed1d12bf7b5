// A new user's name and password fields, for /setup and /admin/users.
import { FormField, describeControl } from "@/components/forms/form-field";
import { MAX_API_USER_LENGTH } from "@/lib/features/auth/api-credential-limits";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/features/auth/user-input";
import type { UserFormState } from "@/lib/features/auth/user-form-state";

export function UserCredentialFields({ idPrefix, state }: { idPrefix: string; state: UserFormState }) {
  const errors = state.fieldErrors;
  return (
    <>
      <FormField id={`${idPrefix}-name`} label="User name" errors={errors.name} hint="No spaces and no colon.">
        <input
          {...describeControl(`${idPrefix}-name`, errors.name, { hint: true })}
          name="name"
          defaultValue={state.name}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MAX_API_USER_LENGTH}
        />
      </FormField>
      <FormField
        id={`${idPrefix}-password`}
        label="Password"
        errors={errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <input
          {...describeControl(`${idPrefix}-password`, errors.password, { hint: true })}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={MAX_PASSWORD_LENGTH}
        />
      </FormField>
    </>
  );
}
