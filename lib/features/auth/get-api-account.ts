import "server-only";
// What the settings page shows of one's API credentials: the name the apps use (one's own) and
// whether an API password is set (never the hashes).
import { getDb } from "@/lib/db/client";
import { readApiCredentials } from "@/lib/features/auth/api-credential-store";
import type { ReaderUser } from "@/lib/features/auth/users";

export type ApiAccount = { user: string; passwordSet: boolean };

export async function getApiAccount(user: ReaderUser): Promise<ApiAccount> {
  const stored = await readApiCredentials(getDb(), user.id);
  return { user: user.name, passwordSet: stored.feverKeyDigest !== null };
}
