// Whose subscriptions and reading state the feed apps' APIs (Google Reader, Fever) serve: the one
// question both ask once a call's credential is accepted (issue 25). Until API credentials are
// per user, the installation's API account is its first admin's.
import type { Db } from "@/lib/db/client";
import { claimFirstAdmin, type ReaderUser } from "@/lib/features/auth/users";

export function findApiUser(db: Db): Promise<ReaderUser> {
  return claimFirstAdmin(db);
}
