/** What the settings page's notification action answers (useActionState). */
export type NotifySettingsState = { status: "idle" | "saved" | "error"; fieldErrors: { url?: string[]; format?: string[] } };
