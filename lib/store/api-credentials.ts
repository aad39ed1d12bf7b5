// The API credentials' rows in the Setting table, written together so that the Fever key and the
// password hash never disagree. Clearing keeps the user name (it is a setting of its own).
import type { Db } from "@/lib/db/prisma-client";
import type { ApiCredentials } from "@/lib/auth/api-credentials";
import { API_FEVER_KEY_SETTING, API_PASSWORD_HASH_SETTING, API_USER_SETTING } from "@/lib/auth/setting-keys";

export type StoredApiCredentials = { user: string | null; feverKeyDigest: string | null; passwordHash: string | null };

export async function readApiCredentials(db: Db): Promise<StoredApiCredentials> {
  const rows = await db.setting.findMany({
    where: { key: { in: [API_USER_SETTING, API_FEVER_KEY_SETTING, API_PASSWORD_HASH_SETTING] } },
  });
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  return {
    user: value(API_USER_SETTING),
    feverKeyDigest: value(API_FEVER_KEY_SETTING),
    passwordHash: value(API_PASSWORD_HASH_SETTING),
  };
}

export async function saveApiCredentials(db: Db, credentials: ApiCredentials): Promise<void> {
  const rows: [string, string][] = [
    [API_USER_SETTING, credentials.user],
    [API_FEVER_KEY_SETTING, credentials.feverKeyDigest],
    [API_PASSWORD_HASH_SETTING, credentials.passwordHash],
  ];
  await db.$transaction(
    rows.map(([key, value]) => db.setting.upsert({ where: { key }, create: { key, value }, update: { value } })),
  );
}

export async function clearApiCredentials(db: Db): Promise<void> {
  await db.setting.deleteMany({ where: { key: { in: [API_FEVER_KEY_SETTING, API_PASSWORD_HASH_SETTING] } } });
}
