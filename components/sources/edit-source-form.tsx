"use client";
// Feed address, title, folder and enabled state of a source. When Tidings disabled it (410 Gone), the reason
// is shown next to the switch.
import { useActionState } from "react";
import { saveSourceSettings } from "@/app/sources/actions";
import type { EditSourceState } from "@/lib/sources/action-states";
import { MAX_FOLDER_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from "@/lib/opml/limits";
import { FieldError } from "@/components/sources/field-error";
import { PendingStatus } from "@/components/sources/pending-status";
import { FullTextFields } from "@/components/sources/full-text-fields";
import styles from "./form.module.css";

type Props = {
  source: {
    id: number;
    feedUrl: string;
    title: string;
    customTitle: string | null;
    folderName: string | null;
    enabled: boolean;
    disabledReason: string | null;
    fullText: boolean;
    fullTextSelector: string | null;
  };
  folders: readonly string[];
};

const INITIAL: EditSourceState = { status: "idle", fieldErrors: {} };

export function EditSourceForm({ source, folders }: Props) {
  const [state, action, pending] = useActionState(saveSourceSettings, INITIAL);
  const errors = state.fieldErrors;
  return (
    <form action={action} className={styles.form} noValidate>
      <input type="hidden" name="id" value={source.id} />
      <div className={styles.field}>
        <label htmlFor="url" className={styles.label}>
          Feed address
        </label>
        <input
          id="url"
          name="url"
          type="url"
          className={styles.input}
          defaultValue={source.feedUrl}
          maxLength={MAX_URL_LENGTH}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby="url-hint url-error"
        />
        <span id="url-hint" className={styles.hint}>
          A new address is fetched in the next round; a web page there is followed to its feed when it links exactly
          one.
        </span>
        <FieldError id="url-error" errors={errors.url} />
      </div>
      <div className={styles.field}>
        <label htmlFor="title" className={styles.label}>
          Title
        </label>
        <input
          id="title"
          name="title"
          className={styles.input}
          defaultValue={source.customTitle ?? ""}
          placeholder={source.title}
          maxLength={MAX_TITLE_LENGTH}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby="title-hint"
        />
        <span id="title-hint" className={styles.hint}>
          Leave empty to use the feed&apos;s own title (“{source.title}”).
        </span>
        <FieldError id="title-error" errors={errors.title} />
      </div>
      <div className={styles.field}>
        <label htmlFor="folder" className={styles.label}>
          Folder
        </label>
        <input
          id="folder"
          name="folder"
          list="folder-names"
          className={styles.input}
          defaultValue={source.folderName ?? ""}
          maxLength={MAX_FOLDER_LENGTH}
          aria-invalid={errors.folder ? true : undefined}
          aria-describedby="folder-hint"
        />
        <datalist id="folder-names">
          {folders.map((folder) => (
            <option key={folder} value={folder} />
          ))}
        </datalist>
        <span id="folder-hint" className={styles.hint}>
          Empty: no folder. A new name creates the folder.
        </span>
        <FieldError id="folder-error" errors={errors.folder} />
      </div>
      <div className={styles.field}>
        <label className={styles.checkbox}>
          <input type="checkbox" name="enabled" defaultChecked={source.enabled} />{" "}
          <span className={styles.label}>Enabled: fetched by the rounds</span>
        </label>
        {!source.enabled && source.disabledReason === "gone" ? (
          <span className={styles.hint}>
            Tidings disabled this source because the publisher answered 410 Gone (the feed was removed). Enable it to
            try again.
          </span>
        ) : null}
        {!source.enabled && source.disabledReason === "user" ? (
          <span className={styles.hint}>You disabled this source.</span>
        ) : null}
      </div>
      <FullTextFields values={{ fullText: source.fullText, selector: source.fullTextSelector ?? "" }} errors={errors} />
      <FieldError id="form-error" errors={errors.form} />
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={pending}>
          Save
        </button>
        <PendingStatus pending={pending}>Saving…</PendingStatus>
        {!pending && state.status === "saved" ? (
          <span className={styles.saved} role="status">
            Saved.
          </span>
        ) : null}
      </div>
    </form>
  );
}
