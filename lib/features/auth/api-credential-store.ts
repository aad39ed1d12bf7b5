// Each user's API credentials, on their User row (issue 25), written together so that the Fever
// key and the password hash never disagree. The name the apps send is the user's own name.
import type { Db } from "@/lib/db/client";
import { digestFeverKey, type ApiCredentials } from "@/lib/features/auth/api-credentials";

export type StoredApiCredentials = { feverKeyDigest: string | null; passwordHash: string | null };

/** An enabled user's API account: who they are and their API password's hash. */
export type ApiUser = { id: number; name: string; apiPasswordHash: string };

export async function readApiCredentials(db: Db, userId: number): Promise<StoredApiCredentials> {
  const row = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { feverKey: true, apiPasswordHash: true },
  });
  return { feverKeyDigest: row.feverKey, passwordHash: row.apiPasswordHash };
}

export async function saveApiCredentials(db: Db, userId: number, credentials: ApiCredentials): Promise<void> {
  await db.user.update({
    where: { id: userId },
    data: { feverKey: credentials.feverKeyDigest, apiPasswordHash: credentials.passwordHash },
  });
}

export async function clearApiCredentials(db: Db, userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { feverKey: null, apiPasswordHash: null } });
}

/** The Google Reader API's account for this name: null for no such user, a disabled one, or none with an API password. */
export async function findApiUserByName(db: Db, name: string): Promise<ApiUser | null> {
  const row = await db.user.findUnique({
    where: { name },
    select: { id: true, name: true, apiPasswordHash: true, disabledAt: true },
  });
  if (row === null || row.disabledAt !== null || row.apiPasswordHash === null) return null;
  return { id: row.id, name: row.name, apiPasswordHash: row.apiPasswordHash };
}

/**
 * The enabled user whose Fever key this is. Looked up by its SHA-256: a lookup by a digest's value
 * tells a timer nothing about the key, and md5("name:password") differs for every name.
 */
export async function findUserByFeverKey(db: Db, key: string): Promise<{ id: number; name: string } | null> {
  if (!/^[0-9a-fA-F]{32}$/.test(key.trim())) return null;
  return db.user.findFirst({
    where: { feverKey: digestFeverKey(key), disabledAt: null },
    select: { id: true, name: true },
  });
}
