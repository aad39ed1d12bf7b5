import type { ReactNode } from "react";
import { FieldError } from "./field-error";
import styles from "./form.module.css";

/**
 * One labelled field: the label, the control (children), its hint and its first error. The ids
 * follow one pattern (`<id>-hint`, `<id>-error`), which `describeControl` gives the control.
 */
export function FormField({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors: readonly string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** What a field's control says of it: invalid while it has errors, described by its hint and error. */
export function describeControl(id: string, errors: readonly string[] | undefined, options: { hint?: boolean } = {}) {
  const invalid = errors !== undefined && errors.length > 0;
  const describedBy = [options.hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    className: styles.input,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": describedBy === "" ? undefined : describedBy,
  } as const;
}
