// Security headers for every response, and a strict Content-Security-Policy with a fresh nonce
// for every page. Next reads the nonce from the request's CSP header and puts it on its own
// scripts; anything else inline (an article's <script>, an onerror attribute, a javascript:
// link) has no nonce and does not run, even if it ever got past the sanitizer.
// Before that, lib/features/auth/gate-request.ts refuses unknown Host names (DNS rebinding) and, when a
// password is set, every request without a valid session.
import { NextResponse, type NextRequest } from "next/server";
import { gateRequest } from "@/lib/features/auth/gate-request";

/** The embedded players the sanitizer lets through (lib/pipeline/parse/sanitize/sanitize-content.ts). */
const PLAYER_ORIGINS =
  "https://www.youtube.com https://youtube.com https://www.youtube-nocookie.com https://player.vimeo.com";

export function buildContentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts that Next's nonced scripts load are trusted; nothing else is.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ""}`,
    // style="" attributes cannot run code; React sets some, and feeds never get any (sanitizer).
    "style-src-attr 'unsafe-inline'",
    // Articles show images and media from anywhere (with no referrer, see the layout's meta).
    "img-src * data: blob:",
    "media-src *",
    `frame-src ${PLAYER_ORIGINS}`,
    "font-src 'self'",
    "connect-src 'self'",
    // public/sw.js, the offline reader: a worker cannot carry the nonce 'strict-dynamic' relies on.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // No upgrade-insecure-requests: a self-hosted instance is often served over plain HTTP on
    // a LAN, where upgrading its own scripts to https would break every page.
  ].join("; ");
}

/** JSON and other non-page responses get a policy that allows nothing at all. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const refused = await gateRequest(request);
  if (refused) return withSecurityHeaders(refused, API_POLICY);
  if (request.nextUrl.pathname.startsWith("/api/")) return withSecurityHeaders(NextResponse.next(), API_POLICY);
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = buildContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  return withSecurityHeaders(NextResponse.next({ request: { headers } }), policy);
}

function withSecurityHeaders(response: NextResponse, policy: string): NextResponse {
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("X-Frame-Options", "DENY");
  return response;
}

export const config = {
  // Static files carry no HTML; everything else (pages, RSC payloads, the API) gets the headers.
  // The app icon (app/icon.svg) is public: the login page shows it too.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
