import "server-only";
// The settings page's list of one's sessions (read for the page, never cached).
import { cookies } from "next/headers";
import { getDb } from "@/lib/db/client";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { listSessions, type SessionSummary } from "@/lib/features/auth/sessions";
import { getSessionUser } from "@/lib/features/auth/session-user";

export type SessionList = { loginRequired: boolean; sessions: SessionSummary[] };

export async function getSessionList(): Promise<SessionList> {
  const auth = await getAuthState();
  if (auth.mode !== "login") return { loginRequired: false, sessions: [] };
  const user = await getSessionUser();
  const holder = await getDb().user.findUniqueOrThrow({
    where: { id: user.id },
    select: { id: true, passwordHash: true },
  });
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return {
    loginRequired: true,
    sessions: await listSessions(getDb(), user.id, token, auth.stampOf(holder), new Date()),
  };
}
