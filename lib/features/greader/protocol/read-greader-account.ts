import "server-only";
// What the Google Reader API authenticates against: the API user name, the scrypt hash of the
// API password and the installation's secret. Null while no API password is set, when every
// call, ClientLogin included, is answered 401.
import type { Db } from "@/lib/db/client";
import { DEFAULT_API_USER } from "@/lib/features/auth/api-credentials";
import { readApiCredentials } from "@/lib/features/auth/api-credential-store";
import { claimInstallationSecret } from "@/lib/features/auth/claim-installation-secret";
import type { TokenAccount } from "@/lib/features/greader/protocol/auth-token";

export async function readGReaderAccount(db: Db): Promise<TokenAccount | null> {
  const stored = await readApiCredentials(db);
  if (stored.passwordHash === null) return null;
  // The same secret as the session cookie's.
  const secret = await claimInstallationSecret(db);
  return { user: stored.user ?? DEFAULT_API_USER, passwordHash: stored.passwordHash, secret };
}
