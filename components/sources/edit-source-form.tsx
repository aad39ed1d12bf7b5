"use client";
// Feed address, title, folder and enabled state of a source. When Tidings disabled it (410 Gone), the reason
// is shown next to the switch.
import { useActionState } from "react";
import { saveSourceSettings } from "@/app/sources/actions";
import type { EditSourceState } from "@/lib/reads/sources/action-states";
import { MAX_FOLDER_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from "@/lib/pipeline/parse/opml/limits";
import { FieldError } from "@/components/forms/field-error";
import { FullTextFields } from "@/components/sources/full-text-fields";
import styles from "../forms/form.module.css";
import { LoginFields } from "@/components/sources/login-fields";
import { FormField, describeControl } from "@/components/forms/form-field";
import { FormActions } from "@/components/forms/form-actions";
import { FolderNames } from "@/components/forms/folder-names";

type Props = {
  source: {
    id: number;
    feedUrl: string;
    title: string;
    customTitle: string | null;
    folderName: string | null;
    enabled: boolean;
    disabledReason: string | null;
    retentionDays: number | null;
    maxIntervalSeconds: number | null;
    fullText: boolean;
    fullTextSelector: string | null;
  };
  folders: readonly string[];
  /** TIDINGS_RETENTION_DAYS, what an empty field means. */
  installationRetentionDays: number;
  /** Whether the source has an HTTP Basic login (never the login itself). */
  hasLogin: boolean;
  /** TIDINGS_MAX_INTERVAL in minutes: what an empty "check at least every" means. */
  installationMaxMinutes: number;
};

const INITIAL: EditSourceState = { status: "idle", fieldErrors: {} };

export function EditSourceForm({
  source,
  folders,
  installationRetentionDays,
  hasLogin,
  installationMaxMinutes,
}: Props) {
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
      <FormField
        id="retention-days"
        label="Keep read articles for (days)"
        errors={errors.retentionDays}
        hint={
          <>
            Read articles older than this are removed; starred and unread ones are always kept. Empty: the
            installation&apos;s{" "}
            {installationRetentionDays === 0 ? "setting (keep all)" : `${installationRetentionDays} days`}; 0: keep
            every article.
          </>
        }
      >
        <input
          {...describeControl("retention-days", errors.retentionDays, { hint: true })}
          name="retentionDays"
          inputMode="numeric"
          defaultValue={source.retentionDays ?? ""}
          placeholder={String(installationRetentionDays)}
          maxLength={5}
        />
      </FormField>
      <FormField
        id="check-every"
        label="Check at least every (minutes)"
        errors={errors.maxIntervalSeconds}
        hint={
          <>
            Empty: as often as its rhythm of publishing says, at least every {installationMaxMinutes} minutes. Never
            more often than its publisher allows (Cache-Control max-age, a feed&apos;s ttl) nor during a Retry-After;
            from its next check on.
          </>
        }
      >
        <input
          {...describeControl("check-every", errors.maxIntervalSeconds, { hint: true })}
          name="checkEveryMinutes"
          inputMode="numeric"
          defaultValue={source.maxIntervalSeconds === null ? "" : String(source.maxIntervalSeconds / 60)}
          placeholder={String(installationMaxMinutes)}
          maxLength={6}
        />
      </FormField>
      <fieldset className={styles.choices}>
        <legend>Login (HTTP Basic)</legend>
        <p className={styles.hint} id="login-hint" data-login-state={hasLogin ? "set" : "none"}>
          {hasLogin
            ? "A login is set. It is never shown; give a new user name and password to replace it."
            : "None. Give one if the feed asks for a login; it is sent only to the feed's own site."}
        </p>
        <LoginFields errors={errors} hintId="login-hint" />
        {hasLogin ? (
          <label className={styles.checkbox}>
            <input type="checkbox" name="loginRemove" /> Remove the login
          </label>
        ) : null}
      </fieldset>
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
      <FormActions label="Save" pending={pending} saved={state.status === "saved"} />
    </form>
  );
}
