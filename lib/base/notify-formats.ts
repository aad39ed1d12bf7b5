// The request bodies a notification can take: Tidings' own JSON, or the shape a receiver
// expects (ntfy, Gotify and Apprise API each want their own fields).
export const NOTIFY_FORMATS = ["tidings", "ntfy", "gotify", "apprise"] as const;
export type NotifyFormat = (typeof NOTIFY_FORMATS)[number];
