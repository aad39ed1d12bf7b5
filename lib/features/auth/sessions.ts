// Server-side login sessions, the session feature's reads and writes. A row per login: the token's
// hash, the credential stamp of the password it was opened with (lib/auth/auth-state.ts), when it
// was opened and last seen, and the browser and address it came from, for the list on /settings.
// Logging out deletes the row; a new password (`tidings password`) and "sign out everywhere" delete
// every row. With users (issue 25), each row gets its user id and these take it as a parameter.
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { capText } from "@/lib/base/text-limits";
import { createSessionToken, hashSessionToken, SESSION_LIFETIME_SECONDS } from "@/lib/features/auth/session-token";

/** Last-seen is written at most this often: a page view must not cost a write each time. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
const MAX_USER_AGENT_LENGTH = 300;

export type SessionOrigin = { userAgent: string | null; address: string | null };

export type SessionSummary = {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  address: string | null;
  current: boolean;
};

/** Opens a session and returns the token for the cookie; sessions that have expired are removed on the way. */
export async function openSession(db: Db, stamp: string, origin: SessionOrigin, now: Date): Promise<string> {
  const token = createSessionToken();
  await inTransaction(db, async (tx) => {
    await tx.session.deleteMany({ where: { expiresAt: { lte: now } } });
    await tx.session.create({
      data: {
        tokenHash: hashSessionToken(token)!,
        credentialStamp: stamp,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000),
        userAgent: origin.userAgent === null ? null : capText(origin.userAgent, MAX_USER_AGENT_LENGTH),
        address: origin.address,
      },
    });
  });
  return token;
}

/** The live session this cookie names, opened under the current password; its last-seen time is kept. */
export async function findLiveSession(
  db: Db,
  token: string | undefined,
  stamp: string,
  now: Date,
): Promise<{ id: number } | null> {
  const tokenHash = hashSessionToken(token);
  if (tokenHash === null) return null;
  const session = await db.session.findUnique({
    where: { tokenHash },
    select: { id: true, credentialStamp: true, expiresAt: true, lastSeenAt: true },
  });
  if (session === null || session.credentialStamp !== stamp || session.expiresAt <= now) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.session.updateMany({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return { id: session.id };
}

/** The live sessions, most recently seen first; `current` marks the one this cookie names. */
export async function listSessions(db: Db, currentToken: string | undefined, stamp: string, now: Date) {
  const currentHash = hashSessionToken(currentToken);
  const rows = await db.session.findMany({
    where: { credentialStamp: stamp, expiresAt: { gt: now } },
    orderBy: [{ lastSeenAt: "desc" }, { id: "desc" }],
    select: { id: true, tokenHash: true, createdAt: true, lastSeenAt: true, userAgent: true, address: true },
  });
  return rows.map(({ tokenHash, ...row }): SessionSummary => ({ ...row, current: tokenHash === currentHash }));
}

/** Logout: the session this cookie names ends (a cookie copied elsewhere stops working with it). */
export async function endSession(db: Db, token: string | undefined): Promise<void> {
  const tokenHash = hashSessionToken(token);
  if (tokenHash !== null) await db.session.deleteMany({ where: { tokenHash } });
}

export async function endSessionById(db: Db, id: number): Promise<void> {
  await db.session.deleteMany({ where: { id } });
}

/** "Sign out everywhere", and a new or removed password. */
export async function endAllSessions(db: Db): Promise<number> {
  return (await db.session.deleteMany({})).count;
}
