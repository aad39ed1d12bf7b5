// The reader's preferences (Setting rows; see settings-registry.ts). They govern when articles
// become read, so the reader's page and its API read them here.
import type { Db } from "@/lib/db/client";
import { readSetting, writeSetting } from "@/lib/settings/setting-store";
import { SETTINGS } from "@/lib/settings/settings-registry";

export type ReaderSettings = { markReadOnScroll: boolean };

export async function readReaderSettings(db: Db): Promise<ReaderSettings> {
  const stored = (await readSetting(db, "markReadOnScroll")) ?? SETTINGS.markReadOnScroll.default;
  return { markReadOnScroll: stored === "true" };
}

export async function saveReaderSettings(db: Db, settings: ReaderSettings): Promise<ReaderSettings> {
  await writeSetting(db, "markReadOnScroll", String(settings.markReadOnScroll));
  return settings;
}
