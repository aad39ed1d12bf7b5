import "server-only";
// How this installation lets people in, and how a password and a session are checked. Loaded once
// per process (the proxy and the pages share it through globalThis) and loaded again when this
// process changes a user (forgetAuthState); a password set by the command line changes the mode
// when Tidings restarts, as `tidings password` always has. The setup mode is never kept: the first
// user, made by /setup or by any command (`tidings add` makes the first admin), ends it at once.
//
// Modes (issue 25):
// - login: some user has a password, or TIDINGS_PASSWORD is set (the first admin's password while
//   they have none of their own). Every page needs a session, and a session belongs to one user.
// - open: users exist and nobody has a password: loopback only (lib/features/auth/check-exposure.ts),
//   no login, everyone is the first admin, as Tidings was before it had a password.
// - setup: no user at all: loopback only; the browser is sent to /setup to name the first admin.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { forget, remember } from "@/lib/base/remember";
import { verifyPasswordOrDecoy } from "@/lib/features/auth/password-hash";
import { claimInstallationSecret } from "@/lib/features/auth/claim-installation-secret";
import { claimFirstAdmin, findFirstAdmin } from "@/lib/features/auth/users";

export type LoginMode = "login" | "open" | "setup";

/** What a password check and a session's stamp need to know of a user. */
export type CredentialHolder = { id: number; passwordHash: string | null };

export type AuthState = {
  mode: LoginMode;
  /**
   * Ties a session to the password it was opened with: a session opened under another password
   * (or another TIDINGS_PASSWORD) is over. Per user, since each one's password hash is salted.
   */
  stampOf(user: CredentialHolder): string;
  /** The user's password (or TIDINGS_PASSWORD for the first admin without one). Null: no such user. */
  checkPassword(user: CredentialHolder | null, password: string): Promise<boolean>;
};

export async function getAuthState(): Promise<AuthState> {
  const state = await remember("auth-state", () =>
    loadAuthState(getDb(), getEnv().TIDINGS_PASSWORD).catch((error: unknown) => {
      forget("auth-state"); // a database hiccup must not make every later request fail
      throw error;
    }),
  );
  if (state.mode === "setup") forget("auth-state");
  return state;
}

/** After this process adds, removes or changes a user: the mode may have changed. */
export function forgetAuthState(): void {
  forget("auth-state");
}

export async function loadAuthState(db: Db, environmentPassword: string | undefined): Promise<AuthState> {
  const secret = await claimInstallationSecret(db);
  // With TIDINGS_PASSWORD set the first admin must exist, so that the login knows their name.
  const firstAdmin = environmentPassword !== undefined ? await claimFirstAdmin(db) : await findFirstAdmin(db);
  const anyPassword = (await db.user.count({ where: { passwordHash: { not: null } } })) > 0;
  const mode: LoginMode =
    environmentPassword !== undefined || anyPassword ? "login" : firstAdmin === null ? "setup" : "open";
  const keyFor = (fingerprint: string) => createHmac("sha256", secret).update(fingerprint).digest("base64url");
  const environmentDigest = environmentPassword === undefined ? null : sha256(environmentPassword);
  const usesEnvironment = (user: CredentialHolder) =>
    user.passwordHash === null && environmentDigest !== null && user.id === firstAdmin?.id;
  return {
    mode,
    // The same fingerprints as before users existed, so the first admin's sessions survive the upgrade.
    stampOf: (user) =>
      user.passwordHash !== null
        ? keyFor(`database:${user.passwordHash}`)
        : usesEnvironment(user)
          ? keyFor(`environment:${environmentDigest!.toString("base64url")}`)
          : keyFor(`none:${user.id}`),
    checkPassword: async (user, password) => {
      // The environment holds this password in clear already; what protects it from guessing is
      // the login throttle. The comparison is constant-time over digests of equal length.
      if (user !== null && usesEnvironment(user)) return timingSafeEqual(sha256(password), environmentDigest!);
      return verifyPasswordOrDecoy(password, user?.passwordHash ?? null);
    },
  };
}

const sha256 = (text: string) => createHash("sha256").update(text.normalize("NFC")).digest();
