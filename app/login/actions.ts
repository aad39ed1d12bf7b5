"use server";
// Logging in and out. The gate refuses a cross-site server action (lib/auth/gate-request.ts), so a
// cross-site page cannot submit these forms; the login throttle bounds password guessing.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { SESSION_COOKIE, SESSION_LIFETIME_SECONDS } from "@/lib/features/auth/session-token";
import { LoginThrottle, ownerAttemptOf } from "@/lib/features/auth/login-throttle";
import { safeNextPath } from "@/lib/features/auth/safe-next-path";
import { remember } from "@/lib/base/remember";
import type { LoginState } from "@/lib/features/auth/login-state";
import { plainText } from "@/lib/http/plain-text";
import { endSession, openSession } from "@/lib/features/auth/sessions";
import { clientAddressOf } from "@/lib/http/client-address";
import { getDb } from "@/lib/db/client";

const loginSchema = z.object({
  password: plainText().min(1, "Enter the password.").max(1024, "That is longer than any password Tidings accepts."),
  next: z.string().max(2048).default("/"),
});

const throttle = () => remember("login-throttle", () => new LoginThrottle());

export async function logIn(_previous: LoginState, formData: FormData): Promise<LoginState> {
  const parsed = loginSchema.safeParse({
    password: formData.get("password") ?? "",
    next: formData.get("next") ?? undefined,
  });
  if (!parsed.success) return { status: "error", message: parsed.error.issues[0]?.message ?? "Enter the password." };
  const auth = await getAuthState();
  if (auth.passwordFrom === "none") redirect("/");
  const requestHeaders = await headers();
  const attempt = ownerAttemptOf(requestHeaders);
  const startedAt = Date.now();
  const wait = throttle().beginTry(attempt, startedAt);
  if (wait > 0)
    return { status: "error", message: `Too many wrong passwords. Try again in ${Math.ceil(wait / 60_000)} min.` };
  if (!(await auth.checkPassword(parsed.data.password))) return { status: "error", message: "Wrong password." };
  throttle().forgive(attempt, startedAt);
  const origin = { userAgent: requestHeaders.get("user-agent"), address: clientAddressOf(requestHeaders) };
  const token = await openSession(getDb(), auth.sessionStamp, origin, new Date());
  (await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(requestHeaders),
    path: "/",
    maxAge: SESSION_LIFETIME_SECONDS,
  });
  redirect(safeNextPath(parsed.data.next));
}

export async function logOut(): Promise<void> {
  const jar = await cookies();
  // Server-side: the cookie stops working everywhere, not just in this browser (Miniflux does the same).
  await endSession(getDb(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/login");
}

/** Behind a TLS-terminating proxy the request arrives over http; the proxy says what the browser used. */
function isHttps(requestHeaders: Headers): boolean {
  const forwarded = requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const origin = requestHeaders.get("origin");
  return forwarded === "https" || (origin !== null && origin.startsWith("https://"));
}
