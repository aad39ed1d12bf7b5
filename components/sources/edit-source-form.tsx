"use client";
// Feed address, title, folder and enabled state of a source. When Tidings disabled it (410 Gone), the reason
// is shown next to the switch.
import { useActionState } from "react";
import { saveSourceSettings } from "@/app/sources/actions";
import type { EditSourceState } from "@/lib/reads/sources/action-states";
import { MAX_FOLDER_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from "@/lib/pipeline/parse/opml/limits";
import { FieldError } from "@/components/forms/field-error";
import { FormField, describeControl } from "@/components/forms/form-field";
import { FormActions } from "@/components/forms/form-actions";
import { FolderNames } from "@/components/forms/folder-names";
import styles from "@/components/forms/form.module.css";

type Props = {
  source: {
    id: number;
    feedUrl: string;
    title: string;
    customTitle: string | null;
    folderName: string | null;
    enabled: boolean;
    disabledReason: string | null;
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
      <FormField
        id="url"
        label="Feed address"
        errors={errors.url}
        hint="A new address is fetched in the next round; a web page there is followed to its feed when it links exactly one."
      >
        <input
          {...describeControl("url", errors.url, { hint: true })}
          name="url"
          type="url"
          defaultValue={source.feedUrl}
          maxLength={MAX_URL_LENGTH}
        />
      </FormField>
      <FormField
        id="title"
        label="Title"
        errors={errors.title}
        hint={<>Leave empty to use the feed&apos;s own title (“{source.title}”).</>}
      >
        <input
          {...describeControl("title", errors.title, { hint: true })}
          name="title"
          defaultValue={source.customTitle ?? ""}
          placeholder={source.title}
          maxLength={MAX_TITLE_LENGTH}
        />
      </FormField>
      <FormField
        id="folder"
        label="Folder"
        errors={errors.folder}
        hint="Empty: no folder. A new name creates the folder."
      >
        <input
          {...describeControl("folder", errors.folder, { hint: true })}
          name="folder"
          list="folder-names"
          defaultValue={source.folderName ?? ""}
          maxLength={MAX_FOLDER_LENGTH}
        />
        <FolderNames folders={folders} />
      </FormField>
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
      <FieldError id="form-error" errors={errors.form} />
      <FormActions label="Save" pending={pending} saved={state.status === "saved"} />
    </form>
  );
}
