import "server-only";
// What the Google Reader API authenticates against: the API user name, the scrypt hash of the
// API password and the installation's secret. Null while no API password is set, when every
// call, ClientLogin included, is answered 401.
import type { Db } from "@/lib/db/prisma-client";
import { randomBytes } from "node:crypto";
import { DEFAULT_API_USER } from "@/lib/auth/api-credentials";
import { SESSION_SECRET_SETTING } from "@/lib/auth/setting-keys";
import { readApiCredentials } from "@/lib/store/api-credentials";
import { claimSetting } from "@/lib/store/settings";
import type { TokenAccount } from "@/lib/greader/auth-token";

export async function readGReaderAccount(db: Db): Promise<TokenAccount | null> {
  const stored = await readApiCredentials(db);
  if (stored.passwordHash === null) return null;
  // The same secret and the same way of claiming it as the session cookie's (auth-state.ts).
  const secret = await claimSetting(db, SESSION_SECRET_SETTING, () => randomBytes(32).toString("base64url"));
  return { user: stored.user ?? DEFAULT_API_USER, passwordHash: stored.passwordHash, secret };
}
