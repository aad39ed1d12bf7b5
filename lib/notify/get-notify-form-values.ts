import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { NOTIFY_FORMAT_SETTING, NOTIFY_URL_SETTING } from "@/lib/notify/notify-target";
import { NOTIFY_FORMATS, type NotifyFormat } from "@/lib/notify/notify-formats";
import { readSetting } from "@/lib/store/settings";
import type { NotifyFormValues } from "@/lib/notify/notify-settings-state";

/** What the settings form shows: the stored values, or the environment's when it wins. */
export async function getNotifyFormValues(): Promise<NotifyFormValues> {
  const env = getEnv();
  const [url, format] = await Promise.all([
    readSetting(getDb(), NOTIFY_URL_SETTING),
    readSetting(getDb(), NOTIFY_FORMAT_SETTING),
  ]);
  const stored = NOTIFY_FORMATS.find((candidate) => candidate === format) ?? "tidings";
  const environment = env.TIDINGS_NOTIFY_URL === undefined ? null : new URL(env.TIDINGS_NOTIFY_URL);
  return {
    url: url ?? "",
    format: environment === null ? stored : (env.TIDINGS_NOTIFY_FORMAT ?? ("tidings" satisfies NotifyFormat)),
    // Origin and path only: a token in the query string (Gotify's) is not shown on a page.
    fromEnvironment: environment === null ? null : `${environment.origin}${environment.pathname}`,
  };
}
