import "server-only";
import { getDb } from "@/lib/db/client";
import type { ReaderSettings } from "@/lib/articles/dto";
import { READER_SETTING_KEYS } from "@/lib/articles/reader-setting-keys";

/** The reader's preferences, from the Setting table (defaults when unset). */
export async function getReaderSettings(): Promise<ReaderSettings> {
  const row = await getDb().setting.findUnique({
    where: { key: READER_SETTING_KEYS.markReadOnScroll },
    select: { value: true },
  });
  return { markReadOnScroll: row?.value === "true" };
}
