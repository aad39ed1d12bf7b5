// The settings page's notify URL and format, written together. An empty URL turns notifications
// off (the rows are removed, not kept empty).
import type { Db } from "@/lib/db/prisma-client";
import { NOTIFY_FORMAT_SETTING, NOTIFY_URL_SETTING } from "@/lib/notify/notify-target";
import type { NotifyFormat } from "@/lib/notify/notify-formats";

export async function saveNotifySettings(db: Db, input: { url: string; format: NotifyFormat }): Promise<void> {
  const keys = [NOTIFY_URL_SETTING, NOTIFY_FORMAT_SETTING];
  if (input.url === "") {
    await db.setting.deleteMany({ where: { key: { in: keys } } });
    return;
  }
  const upsert = (key: string, value: string) =>
    db.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
  await db.$transaction([upsert(NOTIFY_URL_SETTING, input.url), upsert(NOTIFY_FORMAT_SETTING, input.format)]);
}
