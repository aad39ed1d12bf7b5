import "server-only";
import { getDb } from "@/lib/db/client";
import { readReaderSettings, type ReaderSettings } from "@/lib/settings/reader-settings";

/** The reader's preferences, for the page and its API (defaults when unset). */
export function getReaderSettings(): Promise<ReaderSettings> {
  return readReaderSettings(getDb());
}
