// Whom a command-line command acts for (issue 25): the user named by --user, or the only user (on
// a fresh installation, the first admin, made now).
// With several users and no --user the command stops and lists them: acting for a guessed user
// would put one person's subscriptions in another's reading.
import type { Db } from "@/lib/db/client";
import { claimFirstAdmin, findUserByName, listUserNames, type ReaderUser } from "@/lib/features/auth/users";
import { UsageError } from "@/lib/entry/cli/cli-error";

export async function resolveCliUser(db: Db, requestedName: string | undefined): Promise<ReaderUser> {
  if (requestedName !== undefined) {
    const user = await findUserByName(db, requestedName);
    if (user === null) throw new UsageError(`no user named "${requestedName}" (users: ${await describeUsers(db)})`);
    return user;
  }
  const names = await listUserNames(db);
  if (names.length === 1) return (await findUserByName(db, names[0]!))!;
  if (names.length === 0) return claimFirstAdmin(db);
  throw new UsageError(`this installation has several users: say which with --user NAME (users: ${names.join(", ")})`);
}

async function describeUsers(db: Db): Promise<string> {
  const names = await listUserNames(db);
  return names.length === 0 ? "none yet" : names.join(", ");
}
