import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { NOTIFY_FORMATS, type NotifyFormat } from "@/lib/base/notify-formats";
import { readSettings } from "@/lib/settings/setting-store";
import { SETTINGS } from "@/lib/settings/settings-registry";
import type { NotifyFormValues } from "@/lib/features/notify/notify-settings-state";

/** What the settings form shows: the stored values, or the environment's when it wins. */
export async function getNotifyFormValues(): Promise<NotifyFormValues> {
  const env = getEnv();
  const { notifyUrl: url, notifyFormat: format } = await readSettings(getDb(), ["notifyUrl", "notifyFormat"]);
  const defaultFormat = SETTINGS.notifyFormat.default satisfies NotifyFormat;
  const stored = NOTIFY_FORMATS.find((candidate) => candidate === format) ?? defaultFormat;
  const environment = env.TIDINGS_NOTIFY_URL === undefined ? null : new URL(env.TIDINGS_NOTIFY_URL);
  return {
    url: url ?? SETTINGS.notifyUrl.default,
    format: environment === null ? stored : (env.TIDINGS_NOTIFY_FORMAT ?? defaultFormat),
    // Origin and path only: a token in the query string (Gotify's) is not shown on a page.
    fromEnvironment: environment === null ? null : `${environment.origin}${environment.pathname}`,
  };
}
