// The full-text checkbox and the article selector, in the add and the edit forms.
import { MAX_SELECTOR_LENGTH } from "@/lib/reads/sources/full-text-fields";
import { FieldError } from "@/components/forms/field-error";
import styles from "../forms/form.module.css";

type Props = {
  values: { fullText: boolean; selector: string };
  errors: { fullText?: string[]; selector?: string[] };
};

export function FullTextFields({ values, errors }: Props) {
  return (
    <>
      <div className={styles.field}>
        <label className={styles.checkbox}>
          <input type="checkbox" name="fullText" defaultChecked={values.fullText} aria-describedby="full-text-hint" />{" "}
          <span className={styles.label}>Fetch the full article of each new entry</span>
        </label>
        <span id="full-text-hint" className={styles.hint}>
          For feeds that carry only a teaser: each new article&apos;s page is fetched once, politely (the site&apos;s
          gap, robots.txt), and its article is kept beside the feed&apos;s version.
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor="selector" className={styles.label}>
          Article selector <span className={styles.hint}>(optional)</span>
        </label>
        <input
          id="selector"
          name="selector"
          className={styles.input}
          defaultValue={values.selector}
          placeholder="article .entry-content"
          maxLength={MAX_SELECTOR_LENGTH}
          spellCheck={false}
          aria-invalid={errors.selector ? true : undefined}
          aria-describedby="selector-hint selector-error"
        />
        <span id="selector-hint" className={styles.hint}>
          A CSS selector for the article on the page, when the automatic reading picks the wrong part. Re-extract on the
          source&apos;s page applies a change to the articles already read.
        </span>
        <FieldError id="selector-error" errors={errors.selector} />
      </div>
    </>
  );
}
