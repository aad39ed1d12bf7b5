// Where notifications go: TIDINGS_NOTIFY_URL, else the settings page's field. The environment
// wins, as it does for the password: a deployment's configuration is not overridden by a form
// (the page shows the environment's value and says so).
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Env } from "@/lib/base/env";
import { readSettings } from "@/lib/settings/setting-store";
import { SETTINGS } from "@/lib/settings/settings-registry";
import { NOTIFY_FORMATS, type NotifyFormat } from "@/lib/base/notify-formats";
import { plainText } from "@/lib/http/plain-text";

export type NotifyTarget = { url: URL; format: NotifyFormat; from: "environment" | "settings" };

/** The settings form's schema (also what a stored value must still satisfy to be used). */
export const notifySettingsSchema = z.object({
  url: plainText().pipe(
    z.union([
      z.literal(""),
      z
        .url({ protocol: /^https?$/, error: "an http:// or https:// URL, or empty to turn notifications off" })
        .max(2000),
    ]),
  ),
  format: z.enum(NOTIFY_FORMATS, { error: "one of tidings, ntfy, gotify, apprise" }),
});

export async function readNotifyTarget(
  db: Db,
  env: Pick<Env, "TIDINGS_NOTIFY_URL" | "TIDINGS_NOTIFY_FORMAT">,
): Promise<NotifyTarget | null> {
  if (env.TIDINGS_NOTIFY_URL !== undefined)
    return {
      url: new URL(env.TIDINGS_NOTIFY_URL),
      format: env.TIDINGS_NOTIFY_FORMAT ?? "tidings",
      from: "environment",
    };
  const stored = await readSettings(db, ["notifyUrl", "notifyFormat"]);
  const parsed = notifySettingsSchema.safeParse({
    url: stored.notifyUrl ?? SETTINGS.notifyUrl.default,
    format: stored.notifyFormat ?? SETTINGS.notifyFormat.default,
  });
  if (!parsed.success || parsed.data.url === "") return null;
  return { url: new URL(parsed.data.url), format: parsed.data.format, from: "settings" };
}
