import "server-only";
// What the settings page shows of the API credentials: the user name and whether a password is set (never the hashes).
import { getDb } from "@/lib/db/client";
import { DEFAULT_API_USER } from "@/lib/features/auth/api-credentials";
import { readApiCredentials } from "@/lib/features/auth/api-credential-store";

export type ApiAccount = { user: string; passwordSet: boolean };

export async function getApiAccount(): Promise<ApiAccount> {
  const stored = await readApiCredentials(getDb());
  return { user: stored.user ?? DEFAULT_API_USER, passwordSet: stored.feverKeyDigest !== null };
}
