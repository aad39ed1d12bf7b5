// The User table's writes (issue 25), for /admin/users, /setup and `tidings user`: one home for
// what adding, resetting, disabling and removing a user mean. A new password and a disabling end
// that user's sessions at once (a reset because a session was stolen must end it now); nobody
// else's. The caller in the server forgets the cached login mode afterwards (forgetAuthState).
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { hashPassword } from "@/lib/features/auth/password-hash";
import { endUserSessions } from "@/lib/features/auth/sessions";
import { asReaderUser, type ReaderUser, type UserRole } from "@/lib/features/auth/users";

export type NewUser = { name: string; password: string; role: UserRole };

/** Null when the name is taken. */
export async function createUser(db: Db, user: NewUser): Promise<ReaderUser | null> {
  const passwordHash = await hashPassword(user.password);
  try {
    return asReaderUser(
      await db.user.create({ data: { name: user.name, role: user.role, passwordHash }, select: READER_FIELDS }),
    );
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
}

/**
 * The first admin of a fresh installation (/setup): made only while there is no user at all, so a
 * second browser submitting the form later (or at once) cannot make itself an admin. Null when
 * someone was first.
 */
export async function createFirstAdmin(db: Db, name: string, password: string): Promise<ReaderUser | null> {
  const passwordHash = await hashPassword(password);
  const created = await inTransaction(db, async (tx) => {
    if ((await tx.user.count()) > 0) return null;
    return tx.user.create({ data: { name, role: "admin", passwordHash }, select: READER_FIELDS });
  }).catch((error: unknown) => {
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  });
  // Two transactions that both saw no user could each insert one (PostgreSQL's read committed):
  // the later one, not the first admin, gives its row back.
  if (
    created !== null &&
    (await db.user.findFirst({ orderBy: { id: "asc" }, select: { id: true } }))?.id !== created.id
  ) {
    await db.user.delete({ where: { id: created.id } });
    return null;
  }
  return created === null ? null : asReaderUser(created);
}

/** A new login password (the user's own, an admin's reset, `tidings user passwd`): the user's sessions end. */
export async function setUserPassword(db: Db, userId: number, password: string): Promise<number> {
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(password) } });
  return endUserSessions(db, userId);
}

/** A disabled user cannot log in, and their sessions and feed apps stop at once; enabling restores the login. */
export async function setUserDisabled(db: Db, userId: number, disabled: boolean, now: Date): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { disabledAt: disabled ? now : null } });
  if (disabled) await endUserSessions(db, userId);
}

/**
 * Removes the user with their subscriptions, folders, reading state and sessions (the foreign keys
 * cascade). The caller then removes the sources nobody follows any more (removeOrphanSources).
 */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.user.deleteMany({ where: { id: userId } });
}

const READER_FIELDS = { id: true, name: true, role: true } as const;
