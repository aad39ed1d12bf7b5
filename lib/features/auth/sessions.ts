// Server-side login sessions, the session feature's reads and writes. A row per login: its user,
// the token's hash, the credential stamp of the password it was opened with
// (lib/features/auth/auth-state.ts), when it was opened and last seen, and the browser and address
// it came from, for the list on /settings. Logging out deletes the row; a user's new password, an
// admin's reset or disabling, and "sign out everywhere" delete that user's rows, nobody else's.
import type { Db } from "@/lib/db/client";
import type { AuthState } from "@/lib/features/auth/auth-state";
import { asReaderUser, type ReaderUser } from "@/lib/features/auth/users";
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
export async function openSession(
  db: Db,
  userId: number,
  stamp: string,
  origin: SessionOrigin,
  now: Date,
): Promise<string> {
  const token = createSessionToken();
  await inTransaction(db, async (tx) => {
    await tx.session.deleteMany({ where: { expiresAt: { lte: now } } });
    await tx.session.create({
      data: {
        userId,
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

export type LiveSession = { id: number; user: ReaderUser };

/**
 * The live session this cookie names: opened under its user's current password, that user not
 * disabled. Its last-seen time, and its user's, are kept.
 */
export async function findLiveSession(
  db: Db,
  token: string | undefined,
  auth: Pick<AuthState, "stampOf">,
  now: Date,
): Promise<LiveSession | null> {
  const tokenHash = hashSessionToken(token);
  if (tokenHash === null) return null;
  const session = await db.session.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      credentialStamp: true,
      expiresAt: true,
      lastSeenAt: true,
      user: { select: { id: true, name: true, role: true, passwordHash: true, disabledAt: true } },
    },
  });
  const user = session?.user;
  if (!session || !user || user.disabledAt !== null || session.expiresAt <= now) return null;
  if (session.credentialStamp !== auth.stampOf(user)) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.session.updateMany({ where: { id: session.id }, data: { lastSeenAt: now } });
    await db.user.updateMany({ where: { id: user.id }, data: { lastSeenAt: now } });
  }
  return { id: session.id, user: asReaderUser(user) };
}

/** One user's live sessions, most recently seen first; `current` marks the one this cookie names. */
export async function listSessions(db: Db, userId: number, currentToken: string | undefined, stamp: string, now: Date) {
  const currentHash = hashSessionToken(currentToken);
  const rows = await db.session.findMany({
    where: { userId, credentialStamp: stamp, expiresAt: { gt: now } },
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

/** One of this user's sessions (another user's id ends nothing). */
export async function endSessionById(db: Db, userId: number, id: number): Promise<void> {
  await db.session.deleteMany({ where: { id, userId } });
}

/** "Sign out everywhere", and a user's new password, reset or disabling: that user's sessions only. */
export async function endUserSessions(db: Db, userId: number): Promise<number> {
  return (await db.session.deleteMany({ where: { userId } })).count;
}
