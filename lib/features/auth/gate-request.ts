import "server-only";
// The first thing every request meets (called from proxy.ts): a Host this installation does not
// answer to is refused; without a valid session only the login page and liveness pass (before the
// first user exists, only /setup); a member asking for an admin's page gets a 404.
import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/base/env";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { isAllowedHost } from "@/lib/features/auth/allowed-hosts";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { findLiveSession } from "@/lib/features/auth/sessions";
import { getDb } from "@/lib/db/client";
import { checkMetricsAccess } from "@/lib/features/auth/check-metrics-access";
import { createNetworkList } from "@/lib/base/network-list";
import { forbidden, isCrossSite } from "@/lib/http/reject-cross-site";
import { isAdminPath } from "@/lib/features/auth/admin-paths";

/** Reachable without a session: the login page (and its server action), and liveness checks. */
const PUBLIC_PATHS = new Set(["/login", "/api/health"]);

/** The page that names the first admin of a fresh installation (setup mode only). */
const SETUP_PATH = "/setup";

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
 * (lib/features/fever/handle-fever-call.ts, lib/features/greader/handle-greader-request.ts), never with a session.
 * Exact paths, and one prefix with its slash (the Google Reader API's many endpoints): an API
 * credential opens these routes and nothing else. The pathname is already normalised (`..` and
 * `%2e%2e` resolved), so `/api/greader/../articles` is `/api/articles` here.
 */
const OWN_AUTH_PATHS = new Set(["/api/fever", "/api/fever.php"]);
const OWN_AUTH_PREFIX = "/api/greader/";

/**
 * The WebSub callback (app/api/websub/[token]): hubs call it with no session; it answers only the
 * hub protocol, and only for tokens Tidings handed out (lib/features/websub/handle-callback.ts).
 */
const HUB_CALLBACK_PREFIX = "/api/websub/";

/**
 * The sites' icons (app/site-icons): named by the sha256 of their bytes, which only an answer that
 * passed the gate or an API's own auth gives out, and images of public sites. Open, so that a feed
 * app shows the iconUrl the Google Reader API answered without a session of its own.
 */
const SITE_ICON_PREFIX = "/site-icons/";

export async function gateRequest(request: NextRequest): Promise<NextResponse | null> {
  const auth = await getAuthState();
  const passwordRequired = auth.mode === "login";
  if (!isAllowedHost(request.headers.get("host"), { passwordRequired, allowedHosts: allowedHostNames() })) {
    return new NextResponse(
      `This Tidings does not answer to the host "${request.headers.get("host") ?? ""}". ` +
        "Add it to TIDINGS_ALLOWED_HOSTS (or set TIDINGS_PUBLIC_URL) if it is yours.\n",
      { status: 421, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  const path = request.nextUrl.pathname;
  if (isPageWrite(request) && isCrossSite(request)) {
    const refusal = forbidden();
    return new NextResponse(refusal.body, refusal);
  }
  if (path === "/metrics") {
    const env = getEnv();
    const networks = createNetworkList(env.TIDINGS_METRICS_ALLOWED_NETWORKS);
    const verdict = checkMetricsAccess(request.headers, { token: env.TIDINGS_METRICS_TOKEN, networks });
    if (verdict === "allowed") return null;
    if (verdict === "refused") return refuseMetricsScrape();
  }
  if (auth.mode === "open") return null;
  if (auth.mode === "setup") return path === SETUP_PATH || isOpenPath(path) ? null : refuseBeforeSetup(request);
  if (isOpenPath(path)) return null;
  const session = await findLiveSession(getDb(), request.cookies.get(SESSION_COOKIE)?.value, auth, new Date());
  if (session === null) return refuseWithoutSession(request);
  if (session.user.role !== "admin" && isAdminPath(path)) return notFound();
  return null;
}

/** What needs no session: the login, liveness, the app's files, and what authenticates itself. */
function isOpenPath(path: string): boolean {
  return (
    PUBLIC_PATHS.has(path) ||
    APP_FILES.has(path) ||
    OWN_AUTH_PATHS.has(path) ||
    path.startsWith(OWN_AUTH_PREFIX) ||
    path.startsWith(HUB_CALLBACK_PREFIX) ||
    path.startsWith(SITE_ICON_PREFIX)
  );
}

/** Nothing rendered, and the same answer as for a page that does not exist. */
function notFound(): NextResponse {
  return new NextResponse("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Before the first user exists, pages go to /setup and everything else waits for it. */
function refuseBeforeSetup(request: NextRequest): NextResponse {
  if (isPageView(request)) return NextResponse.redirect(new URL(SETUP_PATH, request.url), 303);
  return NextResponse.json(
    { error: { code: "unauthenticated", message: "Set up Tidings first: open /setup in a browser." } },
    { status: 401 },
  );
}

const isPageView = (request: NextRequest) =>
  (request.method === "GET" || request.method === "HEAD") && !request.nextUrl.pathname.startsWith("/api/");

/**
 * A request that can change something outside /api/: a server action (a POST to a page, with a
 * Next-Action header, or a no-JavaScript form post without one). Next refuses a cross-origin
 * action with a 500 and runs one that sends only Sec-Fetch-Site; here every such request gets the
 * JSON API's 403 first. The routes under /api/ refuse cross-site writes themselves, each in its
 * protocol's shape (lib/http/reject-cross-site.ts).
 */
function isPageWrite(request: NextRequest): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(request.method) && !request.nextUrl.pathname.startsWith("/api/");
}

function allowedHostNames(): string[] {
  const env = getEnv();
  const publicHost = env.TIDINGS_PUBLIC_URL ? [new URL(env.TIDINGS_PUBLIC_URL).hostname.toLowerCase()] : [];
  return [...env.TIDINGS_ALLOWED_HOSTS, ...publicHost];
}

/** A scraper is told to bring its token (RFC 6750's challenge); a network refusal looks the same. */
function refuseMetricsScrape(): NextResponse {
  return NextResponse.json(
    {
      error: {
        code: "unauthenticated",
        message:
          "/metrics answers the scraper set up by TIDINGS_METRICS_TOKEN and/or TIDINGS_METRICS_ALLOWED_NETWORKS.",
      },
    },
    { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="tidings metrics"' } },
  );
}

/** Pages send the browser to the login form (and back afterwards); APIs and actions get a 401. */
function refuseWithoutSession(request: NextRequest): NextResponse {
  if (isPageView(request)) {
    const login = new URL("/login", request.url);
    login.searchParams.set("next", `${request.nextUrl.pathname}${request.nextUrl.search}`);
    return NextResponse.redirect(login, 303);
  }
  return NextResponse.json(
    { error: { code: "unauthenticated", message: "Log in to Tidings first." } },
    { status: 401 },
  );
}
