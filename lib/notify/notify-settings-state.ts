/** What the settings page's notification action answers (useActionState); `submitted` refills the form after an error. */
export type NotifySettingsState = {
  status: "idle" | "saved" | "error";
  fieldErrors: { url?: string[]; format?: string[] };
  submitted?: { url: string; format: string };
};
