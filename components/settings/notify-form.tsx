"use client";
// Where alert notifications go. TIDINGS_NOTIFY_URL, when set, wins: the form then only says so.
import { useActionState } from "react";
import { saveNotifySettingsAction } from "@/app/settings/actions";
import type { NotifyFormValues, NotifySettingsState } from "@/lib/features/notify/notify-settings-state";
import { NOTIFY_FORMATS, type NotifyFormat } from "@/lib/base/notify-formats";
import { FieldError } from "@/components/sources/field-error";
import { PendingStatus } from "@/components/sources/pending-status";
import styles from "@/components/sources/form.module.css";

const INITIAL: NotifySettingsState = { status: "idle", fieldErrors: {} };
const FORMAT_LABELS: Record<NotifyFormat, string> = {
  tidings: "Tidings JSON (webhooks, scripts)",
  ntfy: "ntfy (the URL is the topic's: https://ntfy.sh/my-topic)",
  gotify: "Gotify (https://gotify.example/message?token=APP_TOKEN)",
  apprise: "Apprise API (http://apprise:8000/notify/KEY)",
};

export function NotifyForm({ values }: { values: NotifyFormValues }) {
  const [state, action, pending] = useActionState(saveNotifySettingsAction, INITIAL);
  const errors = state.fieldErrors;
  if (values.fromEnvironment !== null) {
    return (
      <p className={styles.hint}>
        Set by the environment (<code>TIDINGS_NOTIFY_URL</code>, which wins over this page): alerts go to{" "}
        <code>{values.fromEnvironment}</code> in the {values.format} format.
      </p>
    );
  }
  // After an error the form shows what was typed; after a save, what is stored. React resets a
  // form after its action, and a <select> reads defaultValue only when mounted: the key remounts it.
  const shown = state.status === "error" && state.submitted ? state.submitted : values;
  return (
    <form key={`${state.status}:${shown.url}:${shown.format}`} action={action} className={styles.form} noValidate>
      <div className={styles.field}>
        <label htmlFor="notify-url" className={styles.label}>
          Notify URL
        </label>
        <input
          id="notify-url"
          name="url"
          type="url"
          className={styles.input}
          defaultValue={shown.url}
          maxLength={2000}
          placeholder="https://ntfy.sh/my-topic"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby="notify-url-hint"
        />
        <span id="notify-url-hint" className={styles.hint}>
          Receives a POST when an alert starts or clears. Empty: no notifications. A private address other than this
          machine (localhost) needs TIDINGS_ALLOW_PRIVATE_NETWORKS=true.
        </span>
        <FieldError id="notify-url-error" errors={errors.url} />
      </div>
      <div className={styles.field}>
        <label htmlFor="notify-format" className={styles.label}>
          Format
        </label>
        <select
          id="notify-format"
          name="format"
          className={styles.input}
          defaultValue={shown.format}
          aria-invalid={errors.format ? true : undefined}
        >
          {NOTIFY_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_LABELS[format]}
            </option>
          ))}
        </select>
        <FieldError id="notify-format-error" errors={errors.format} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={pending}>
          Save notifications
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
