import "server-only";
// The first thing every request meets (called from proxy.ts): a Host this installation does not
// answer to is refused, and without a valid session only the login page and liveness pass.
import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { getAuthState } from "@/lib/auth/auth-state";
import { isAllowedHost } from "@/lib/auth/allowed-hosts";
import { isValidSessionToken, SESSION_COOKIE } from "@/lib/auth/session-token";

/** Reachable without a session: the login page (and its server action), and liveness checks. */
const PUBLIC_PATHS = new Set(["/login", "/api/health"]);

/**
 * The installable app's static files: the browser fetches the manifest, its icons and the
 * service worker without the session cookie (or before any login), and none of them holds data.
 */
const APP_FILES = new Set([
  "/manifest.webmanifest",
  "/sw.js",
  "/offline.html",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
]);

/**
 * The feed apps' APIs: they authenticate every call themselves, with the API password
 * (lib/fever/handle-fever-call.ts, lib/greader/handle-greader-request.ts), never with a session.
 * Exact paths, and one prefix with its slash (the Google Reader API's many endpoints): an API
 * credential opens these routes and nothing else. The pathname is already normalised (`..` and
 * `%2e%2e` resolved), so `/api/greader/../articles` is `/api/articles` here.
 */
const OWN_AUTH_PATHS = new Set(["/api/fever", "/api/fever.php"]);
const OWN_AUTH_PREFIX = "/api/greader/";

/**
 * The sites' icons (app/site-icons): named by the sha256 of their bytes, which only an answer that
 * passed the gate or an API's own auth gives out, and images of public sites. Open, so that a feed
 * app shows the iconUrl the Google Reader API answered without a session of its own.
 */
const SITE_ICON_PREFIX = "/site-icons/";

export async function gateRequest(request: NextRequest): Promise<NextResponse | null> {
  const auth = await getAuthState();
  const passwordRequired = auth.passwordFrom !== "none";
  if (!isAllowedHost(request.headers.get("host"), { passwordRequired, allowedHosts: allowedHostNames() })) {
    return new NextResponse(
      `This Tidings does not answer to the host "${request.headers.get("host") ?? ""}". ` +
        "Add it to TIDINGS_ALLOWED_HOSTS (or set TIDINGS_PUBLIC_URL) if it is yours.\n",
      { status: 421, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  const path = request.nextUrl.pathname;
  if (
    !passwordRequired ||
    PUBLIC_PATHS.has(path) ||
    APP_FILES.has(path) ||
    OWN_AUTH_PATHS.has(path) ||
    path.startsWith(OWN_AUTH_PREFIX) ||
    path.startsWith(SITE_ICON_PREFIX)
  )
    return null;
  if (isValidSessionToken(request.cookies.get(SESSION_COOKIE)?.value, auth.signingKey, new Date())) return null;
  return refuseWithoutSession(request);
}

function allowedHostNames(): string[] {
  const env = getEnv();
  const publicHost = env.TIDINGS_PUBLIC_URL ? [new URL(env.TIDINGS_PUBLIC_URL).hostname.toLowerCase()] : [];
  return [...env.TIDINGS_ALLOWED_HOSTS, ...publicHost];
}

/** Pages send the browser to the login form (and back afterwards); APIs and actions get a 401. */
function refuseWithoutSession(request: NextRequest): NextResponse {
  const isPageView =
    (request.method === "GET" || request.method === "HEAD") && !request.nextUrl.pathname.startsWith("/api/");
  if (isPageView) {
    const login = new URL("/login", request.url);
    login.searchParams.set("next", `${request.nextUrl.pathname}${request.nextUrl.search}`);
    return NextResponse.redirect(login, 303);
  }
  return NextResponse.json(
    { error: { code: "unauthenticated", message: "Log in to Tidings first." } },
    { status: 401 },
  );
}
