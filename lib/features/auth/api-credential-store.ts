// The API credentials' rows in the Setting table, written together so that the Fever key and the
// password hash never disagree. Clearing keeps the user name (it is a setting of its own).
import type { Db } from "@/lib/db/client";
import type { ApiCredentials } from "@/lib/features/auth/api-credentials";
import { readSettings, writeSettings } from "@/lib/settings/setting-store";

export type StoredApiCredentials = { user: string | null; feverKeyDigest: string | null; passwordHash: string | null };

export async function readApiCredentials(db: Db): Promise<StoredApiCredentials> {
  const stored = await readSettings(db, ["apiUser", "apiFeverKey", "apiPasswordHash"]);
  return { user: stored.apiUser, feverKeyDigest: stored.apiFeverKey, passwordHash: stored.apiPasswordHash };
}

export async function saveApiCredentials(db: Db, credentials: ApiCredentials): Promise<void> {
  await writeSettings(db, {
    apiUser: credentials.user,
    apiFeverKey: credentials.feverKeyDigest,
    apiPasswordHash: credentials.passwordHash,
  });
}

export async function clearApiCredentials(db: Db): Promise<void> {
  await writeSettings(db, { apiFeverKey: null, apiPasswordHash: null });
}
