"use client";
// Where alert notifications go. TIDINGS_NOTIFY_URL, when set, wins: the form then only says so.
import { useActionState } from "react";
import { saveNotifySettingsAction } from "@/app/settings/actions";
import type { NotifyFormValues, NotifySettingsState } from "@/lib/features/notify/notify-settings-state";
import { NOTIFY_FORMATS, type NotifyFormat } from "@/lib/base/notify-formats";
import { FormField, describeControl } from "@/components/forms/form-field";
import { FormActions } from "@/components/forms/form-actions";
import styles from "@/components/forms/form.module.css";

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
      <FormField
        id="notify-url"
        label="Notify URL"
        errors={errors.url}
        hint="Receives a POST when an alert starts or clears. Empty: no notifications. A private address other than this machine (localhost) needs TIDINGS_ALLOW_PRIVATE_NETWORKS=true."
      >
        <input
          {...describeControl("notify-url", errors.url, { hint: true })}
          name="url"
          type="url"
          defaultValue={shown.url}
          maxLength={2000}
          placeholder="https://ntfy.sh/my-topic"
        />
      </FormField>
      <FormField id="notify-format" label="Format" errors={errors.format}>
        <select {...describeControl("notify-format", errors.format)} name="format" defaultValue={shown.format}>
          {NOTIFY_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_LABELS[format]}
            </option>
          ))}
        </select>
      </FormField>
      <FormActions label="Save notifications" pending={pending} saved={state.status === "saved"} />
    </form>
  );
}
