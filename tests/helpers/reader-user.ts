// The reader the tests act for: the installation's first admin (made on first use, as the app's
// edge and the command line make it), whose id every read and write of reading state takes.
import type { Db } from "@/lib/db/client";
import { claimFirstAdmin } from "@/lib/features/auth/users";

export async function readerId(db: Db): Promise<number> {
  return (await claimFirstAdmin(db)).id;
}

/** A second user, made directly in the database (logins are not this test's subject). */
export async function createMember(db: Db, name: string): Promise<number> {
  return (await db.user.create({ data: { name, role: "member" }, select: { id: true } })).id;
}
