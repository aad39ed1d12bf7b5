import "server-only";
// After a right password (the login) or the first admin's creation (/setup): a server-side session
// for that user, and its cookie in this browser.
import { cookies, headers } from "next/headers";
import { getDb } from "@/lib/db/client";
import type { AuthState, CredentialHolder } from "@/lib/features/auth/auth-state";
import { SESSION_COOKIE, SESSION_LIFETIME_SECONDS } from "@/lib/features/auth/session-token";
import { openSession } from "@/lib/features/auth/sessions";
import { clientAddressOf } from "@/lib/http/client-address";

export async function openBrowserSession(user: CredentialHolder, auth: AuthState): Promise<void> {
  const requestHeaders = await headers();
  const origin = { userAgent: requestHeaders.get("user-agent"), address: clientAddressOf(requestHeaders) };
  const token = await openSession(getDb(), user.id, auth.stampOf(user), origin, new Date());
  (await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(requestHeaders),
    path: "/",
    maxAge: SESSION_LIFETIME_SECONDS,
  });
}

/** Behind a TLS-terminating proxy the request arrives over http; the proxy says what the browser used. */
function isHttps(requestHeaders: Headers): boolean {
  const forwarded = requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const origin = requestHeaders.get("origin");
  return forwarded === "https" || (origin !== null && origin.startsWith("https://"));
}
