import "server-only";
// What the Google Reader API authenticates against: the user of that name (enabled, with an API
// password), the scrypt hash of their API password and the installation's secret. Null otherwise,
// when ClientLogin and every call carrying a token of that name are answered 401.
import type { Db } from "@/lib/db/client";
import { findApiUserByName } from "@/lib/features/auth/api-credential-store";
import { claimInstallationSecret } from "@/lib/features/auth/claim-installation-secret";
import type { TokenAccount } from "@/lib/features/greader/protocol/auth-token";

export type GReaderAccount = TokenAccount & { userId: number };

export async function readGReaderAccount(db: Db, name: string): Promise<GReaderAccount | null> {
  const user = await findApiUserByName(db, name);
  if (user === null) return null;
  // The same secret as the session cookie's.
  const secret = await claimInstallationSecret(db);
  return { userId: user.id, user: user.name, passwordHash: user.apiPasswordHash, secret };
}
