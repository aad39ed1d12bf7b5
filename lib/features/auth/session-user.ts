import "server-only";
// Who is reading: the one question every page, server action and JSON route asks before it reads
// or writes anyone's subscriptions or reading state (issue 25). Reads and stores take the user's
// id as a parameter; only the app's edge asks this.
//
// With a login, the session's user (the gate, lib/features/auth/gate-request.ts, let no request
// without a live session reach a page, an action or a JSON route). Without one (open mode, loopback
// only, nobody has a password), the installation's first admin.
import { cache } from "react";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { findLiveSession } from "@/lib/features/auth/sessions";
import { claimFirstAdmin, type ReaderUser } from "@/lib/features/auth/users";

export type { ReaderUser };

/**
 * The user of this request, or null where nobody is logged in (the login and setup pages). Asked
 * once per request however many components ask (React's per-request cache).
 */
export const findSessionUser = cache(async (): Promise<ReaderUser | null> => {
  const auth = await getAuthState();
  if (auth.mode === "setup") return null;
  if (auth.mode === "open") return claimFirstAdmin(getDb());
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return (await findLiveSession(getDb(), token, auth, new Date()))?.user ?? null;
});

export async function getSessionUser(): Promise<ReaderUser> {
  const user = await findSessionUser();
  // Only a session that ended between the gate and here (a logout in another tab) gets this far.
  if (user === null) redirect("/login");
  return user;
}

/** For the admin's pages and actions: a member gets the 404 the gate gives them (nothing rendered). */
export async function requireAdmin(): Promise<ReaderUser> {
  const user = await getSessionUser();
  if (user.role !== "admin") notFound();
  return user;
}
