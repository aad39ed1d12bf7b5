import type { NotifyFormat } from "@/lib/base/notify-formats";

/** What the settings page's notification action answers (useActionState); `submitted` refills the form after an error. */
export type NotifySettingsState = {
  status: "idle" | "saved" | "error";
  fieldErrors: { url?: string[]; format?: string[] };
  submitted?: { url: string; format: string };
};

/** What the settings form shows: the stored values, or where the environment sends them. */
export type NotifyFormValues = { url: string; format: NotifyFormat; fromEnvironment: string | null };
