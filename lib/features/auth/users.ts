// The User table's reads (issue 25): one home for how a user is looked up.
import type { Db } from "@/lib/db/client";
import { readSetting } from "@/lib/settings/setting-store";

export type UserRole = "admin" | "member";
export type ReaderUser = { id: number; name: string; role: UserRole };

const READER_FIELDS = { id: true, name: true, role: true } as const;
const DEFAULT_FIRST_ADMIN = "tidings";

export const asReaderUser = (row: { id: number; name: string; role: string }): ReaderUser => ({
  id: row.id,
  name: row.name,
  role: row.role === "admin" ? "admin" : "member",
});

/** The first admin: the installation's owner (TIDINGS_PASSWORD is theirs when they have no password of their own). */
export async function findFirstAdmin(db: Db): Promise<ReaderUser | null> {
  const row = await db.user.findFirst({ where: { role: "admin" }, orderBy: { id: "asc" }, select: READER_FIELDS });
  return row === null ? null : asReaderUser(row);
}

/**
 * The first admin, made on first use of a fresh installation (migration 0036 makes one only for a
 * database in use), named as the Google Reader API user if one was set. Two processes starting
 * together may both try: the unique name lets one insert win, and both return it.
 */
export async function claimFirstAdmin(db: Db): Promise<ReaderUser> {
  const existing = await findFirstAdmin(db);
  if (existing !== null) return existing;
  const name = (await readSetting(db, "apiUser")) ?? DEFAULT_FIRST_ADMIN;
  try {
    return asReaderUser(await db.user.create({ data: { name, role: "admin" }, select: READER_FIELDS }));
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
    return (await findFirstAdmin(db))!;
  }
}

export async function findUserByName(db: Db, name: string): Promise<ReaderUser | null> {
  const row = await db.user.findUnique({ where: { name }, select: READER_FIELDS });
  return row === null ? null : asReaderUser(row);
}

/** Every user's name, in the order they were created (for messages that list them). */
export async function listUserNames(db: Db): Promise<string[]> {
  const rows = await db.user.findMany({ orderBy: { id: "asc" }, select: { name: true } });
  return rows.map((row) => row.name);
}

export type LoginCandidate = ReaderUser & { passwordHash: string | null; disabled: boolean };

/** What the login needs of the user a name names (null: no such user). */
export async function findLoginCandidate(db: Db, name: string): Promise<LoginCandidate | null> {
  const row = await db.user.findUnique({
    where: { name },
    select: { ...READER_FIELDS, passwordHash: true, disabledAt: true },
  });
  return row === null
    ? null
    : { ...asReaderUser(row), passwordHash: row.passwordHash, disabled: row.disabledAt !== null };
}
