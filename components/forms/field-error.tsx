import styles from "./form.module.css";

/** The first error of a form field, announced to screen readers (aria-live via role=alert). */
export function FieldError({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {errors[0]}
    </p>
  );
}
