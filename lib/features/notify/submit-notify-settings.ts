// The settings form's notification fields, checked and saved: the schema (an http(s) URL and a
// known format), then the address rule deliveries obey, so that a URL refused at every delivery
// (169.254.169.254, a LAN address) is refused here, with the reason, instead of saved silently.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { notifySettingsSchema } from "@/lib/features/notify/notify-target";
import type { NotifySettingsState } from "@/lib/features/notify/notify-settings-state";
import { describeRefusedNotifyUrl } from "@/lib/features/notify/check-notify-address";
import { saveNotifySettings } from "@/lib/features/notify/save-notify-settings";

export async function submitNotifySettings(
  db: Db,
  submitted: { url: string; format: string },
  allowPrivateNetworks: boolean,
): Promise<NotifySettingsState> {
  const parsed = notifySettingsSchema.safeParse(submitted);
  if (!parsed.success) return { status: "error", fieldErrors: z.flattenError(parsed.error).fieldErrors, submitted };
  const refusal = parsed.data.url === "" ? null : describeRefusedNotifyUrl(parsed.data.url, allowPrivateNetworks);
  if (refusal !== null) return { status: "error", fieldErrors: { url: [refusal] }, submitted };
  await saveNotifySettings(db, parsed.data);
  return { status: "saved", fieldErrors: {} };
}
