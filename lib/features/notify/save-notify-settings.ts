// The settings page's notify URL and format, written together. An empty URL turns notifications
// off (the rows are removed, not kept empty).
import type { Db } from "@/lib/db/client";
import type { NotifyFormat } from "@/lib/base/notify-formats";
import { writeSettings } from "@/lib/settings/setting-store";

export async function saveNotifySettings(db: Db, input: { url: string; format: NotifyFormat }): Promise<void> {
  const off = input.url === "";
  await writeSettings(db, { notifyUrl: off ? null : input.url, notifyFormat: off ? null : input.format });
}
