import "server-only";
// Whether this installation requires a login, how to check a password, and the stamp that ties a
// session to the password it was opened with. Loaded once per process (the proxy and the pages share it through globalThis):
// changing the password with `tidings password` takes effect when Tidings restarts.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { forget, remember } from "@/lib/base/remember";
import { verifyPassword } from "@/lib/features/auth/password-hash";
import { readSetting } from "@/lib/settings/setting-store";
import { claimInstallationSecret } from "@/lib/features/auth/claim-installation-secret";

export type AuthState = {
  /** Where the password comes from; "none" means no login (and loopback only). */
  passwordFrom: "environment" | "database" | "none";
  /** Changes with the password: a session opened under another one is over (lib/auth/sessions.ts). */
  sessionStamp: string;
  checkPassword(password: string): Promise<boolean>;
};

export function getAuthState(): Promise<AuthState> {
  return remember("auth-state", () =>
    loadAuthState(getDb(), getEnv().TIDINGS_PASSWORD).catch((error: unknown) => {
      forget("auth-state"); // a database hiccup must not make every later request fail
      throw error;
    }),
  );
}

export async function loadAuthState(db: Db, environmentPassword: string | undefined): Promise<AuthState> {
  const secret = await claimInstallationSecret(db);
  const storedHash = await readSetting(db, "passwordHash");
  // The stamp depends on the password: a new password ends every existing session.
  const keyFor = (fingerprint: string) => createHmac("sha256", secret).update(fingerprint).digest("base64url");
  if (environmentPassword !== undefined) {
    // The environment holds this password in clear already; what protects it from guessing is
    // the login throttle. The comparison is constant-time over digests of equal length.
    const expected = sha256(environmentPassword);
    return {
      passwordFrom: "environment",
      sessionStamp: keyFor(`environment:${expected.toString("base64url")}`),
      checkPassword: async (password) => timingSafeEqual(sha256(password), expected),
    };
  }
  if (storedHash !== null) {
    return {
      passwordFrom: "database",
      sessionStamp: keyFor(`database:${storedHash}`),
      checkPassword: (password) => verifyPassword(password, storedHash),
    };
  }
  return { passwordFrom: "none", sessionStamp: keyFor("none"), checkPassword: async () => false };
}

const sha256 = (text: string) => createHash("sha256").update(text.normalize("NFC")).digest();
