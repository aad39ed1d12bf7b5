"use client";
// Add a feed: a feed URL or a site URL (discovered from <link rel="alternate">); when the page
// lists several feeds, the same form offers them as a choice. The first fetch runs while the
// form shows its progress; on success the action redirects to the new source.
import Link from "next/link";
import { useActionState } from "react";
import { addSource } from "@/app/sources/actions";
import type { AddSourceState } from "@/lib/reads/sources/action-states";
import { MAX_FOLDER_LENGTH, MAX_TITLE_LENGTH } from "@/lib/pipeline/parse/opml/limits";
import { FieldError } from "@/components/forms/field-error";
import { PendingStatus } from "@/components/forms/pending-status";
import { FullTextFields } from "@/components/sources/full-text-fields";
import styles from "../forms/form.module.css";
import { LoginFields } from "@/components/sources/login-fields";
import { FormField, describeControl } from "@/components/forms/form-field";
import { FolderNames } from "@/components/forms/folder-names";

const INITIAL: AddSourceState = { status: "idle" };

export function AddSourceForm({ folders }: { folders: readonly string[] }) {
  const [state, action, pending] = useActionState(addSource, INITIAL);
  const values =
    state.status === "idle" ? { url: "", title: "", folder: "", fullText: false, selector: "" } : state.values;
  const errors = state.status === "error" ? state.fieldErrors : {};
  const existing = state.status === "error" ? state.existingSourceId : null;
  // A new key after each answer resets the uncontrolled inputs to the values sent back.
  const formKey = JSON.stringify(values) + state.status;
  return (
    <form action={action} className={styles.form} key={formKey} noValidate aria-describedby="add-help">
      <p id="add-help" className={styles.hint}>
        Paste the address of a feed, or of a site: Tidings finds its feed. The first fetch runs at once.
      </p>
      {state.status === "choose" ? (
        <fieldset className={styles.choices}>
          <legend>This page lists {state.candidates.length} feeds: choose one</legend>
          {state.candidates.map((candidate, index) => (
            <label key={candidate.url} className={styles.choice}>
              <input type="radio" name="url" value={candidate.url} defaultChecked={index === 0} />
              {/* A link without a title is named by its address alone, not by the address twice. */}
              <span>
                {candidate.title === null ? (
                  <>
                    {candidate.url} <span className={styles.choiceUrl}>({candidate.type})</span>
                  </>
                ) : (
                  <>
                    {candidate.title}{" "}
                    <span className={styles.choiceUrl}>
                      {candidate.url} ({candidate.type})
                    </span>
                  </>
                )}
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <div className={styles.field}>
          <label htmlFor="url" className={styles.label}>
            Feed or site address
          </label>
          <input
            id="url"
            name="url"
            type="text"
            inputMode="url"
            autoComplete="url"
            className={styles.input}
            defaultValue={values.url}
            placeholder="example.com"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? "url-error" : undefined}
            required
          />
          <FieldError id="url-error" errors={errors.url} />
          {existing ? (
            <p className={styles.hint}>
              <Link href={`/sources/${existing}`}>Open the existing source →</Link>
            </p>
          ) : null}
        </div>
      )}
      <FormField
        id="title"
        label={
          <>
            Title <span className={styles.hint}>(optional: the feed&apos;s own title otherwise)</span>
          </>
        }
        errors={errors.title}
      >
        <input
          {...describeControl("title", errors.title)}
          name="title"
          defaultValue={values.title}
          maxLength={MAX_TITLE_LENGTH}
        />
      </FormField>
      <FormField
        id="folder"
        label={
          <>
            Folder <span className={styles.hint}>(optional)</span>
          </>
        }
        errors={errors.folder}
      >
        <input
          {...describeControl("folder", errors.folder)}
          name="folder"
          list="folder-names"
          defaultValue={values.folder}
          maxLength={MAX_FOLDER_LENGTH}
        />
        <FolderNames folders={folders} />
      </FormField>
      <details className={styles.field} open={Boolean(errors.loginUser || errors.loginPassword)}>
        <summary className={styles.label}>This feed needs a login (HTTP Basic)</summary>
        <p className={styles.hint} id="login-hint">
          Sent only to the feed&apos;s own site, never to another one it redirects to; never shown again, nor exported.
          Filled in again after an error: it is not sent back to this page.
        </p>
        <LoginFields errors={errors} hintId="login-hint" />
      </details>
      <FullTextFields values={values} errors={errors} />
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={pending}>
          {state.status === "choose" ? "Subscribe to this feed" : "Subscribe"}
        </button>
        <PendingStatus pending={pending}>Fetching the feed for the first time…</PendingStatus>
      </div>
    </form>
  );
}
