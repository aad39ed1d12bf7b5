"use server";
// Logging in and out. The gate refuses a cross-site server action (lib/features/auth/gate-request.ts),
// so a cross-site page cannot submit these forms; the login throttle bounds password guessing, per
// name and address, per address and per name.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { attemptOf, LoginThrottle } from "@/lib/features/auth/login-throttle";
import { safeNextPath } from "@/lib/features/auth/safe-next-path";
import { remember } from "@/lib/base/remember";
import type { LoginState } from "@/lib/features/auth/login-state";
import { plainText } from "@/lib/http/plain-text";
import { endSession } from "@/lib/features/auth/sessions";
import { getDb } from "@/lib/db/client";
import { findLoginCandidate } from "@/lib/features/auth/users";
import { openBrowserSession } from "@/lib/features/auth/open-browser-session";
import { MAX_API_USER_LENGTH } from "@/lib/features/auth/api-credential-limits";

const loginSchema = z.object({
  // Not the full name rule: a name no user can have is simply a wrong name (and costs the same).
  name: plainText().trim().min(1, "Enter your user name.").max(MAX_API_USER_LENGTH, "No user has a name that long."),
  password: plainText().min(1, "Enter the password.").max(1024, "That is longer than any password Tidings accepts."),
  next: z.string().max(2048).default("/"),
});

const throttle = () => remember("login-throttle", () => new LoginThrottle());

export async function logIn(_previous: LoginState, formData: FormData): Promise<LoginState> {
  const parsed = loginSchema.safeParse({
    name: formData.get("name") ?? "",
    password: formData.get("password") ?? "",
    next: formData.get("next") ?? undefined,
  });
  if (!parsed.success) return { status: "error", message: parsed.error.issues[0]?.message ?? "Enter the password." };
  const auth = await getAuthState();
  if (auth.mode === "open") redirect("/");
  if (auth.mode === "setup") redirect("/setup");
  const attempt = attemptOf(await headers(), parsed.data.name);
  const startedAt = Date.now();
  const wait = throttle().beginTry(attempt, startedAt);
  if (wait > 0)
    return { status: "error", message: `Too many wrong passwords. Try again in ${Math.ceil(wait / 60_000)} min.` };
  // An unknown name costs the same password check as a known one: the time tells no names.
  const user = await findLoginCandidate(getDb(), parsed.data.name);
  if (!(await auth.checkPassword(user, parsed.data.password)) || user === null)
    return { status: "error", message: "Wrong user name or password." };
  // Said only to someone who knows the password: a disabled account is no secret from its owner.
  if (user.disabled) return { status: "error", message: "This account is disabled: ask your admin." };
  throttle().forgive(attempt, startedAt);
  await openBrowserSession(user, auth);
  redirect(safeNextPath(parsed.data.next));
}

export async function logOut(): Promise<void> {
  const jar = await cookies();
  // Server-side: the cookie stops working everywhere, not just in this browser (Miniflux does the same).
  await endSession(getDb(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/login");
}
