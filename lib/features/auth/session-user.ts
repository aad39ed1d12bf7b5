import "server-only";
// Who is reading: the one question every page, server action and JSON route asks before it reads
// or writes anyone's subscriptions or reading state (issue 25). Reads and stores take the user's
// id as a parameter; only the app's edge asks this.
//
// Until logins carry a user name, the installation has exactly one reader, its first admin
// (migration 0036 made an installation in use that user; a fresh one makes it on first use), and
// every session is theirs.
import { getDb } from "@/lib/db/client";
import { claimFirstAdmin, type ReaderUser } from "@/lib/features/auth/users";

export type { ReaderUser };

export function getSessionUser(): Promise<ReaderUser> {
  return claimFirstAdmin(getDb());
}
