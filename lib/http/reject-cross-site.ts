import "server-only";
import { errorResponse } from "@/lib/http/respond";

/**
 * State-changing routes answer only to pages of this origin (CSRF): a browser always sends Origin
 * with a cross-origin POST/PATCH, and it must name the host the request was sent to (Host, or
 * X-Forwarded-Host from a trusted reverse proxy, lib/http/client-address.ts: a cross-site page cannot set either). Requests without
 * Origin come from non-browser clients (curl, scripts), which a forged page cannot drive.
 */
export function rejectCrossSite(request: Request): Response | null {
  return isCrossSite(request) ? forbidden() : null;
}

/** The rule itself, also asked by the gate for every server action (lib/auth/gate-request.ts). */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true; // "null" (sandboxed frames, file:) and garbage
  }
  const candidates = [request.headers.get("host"), request.headers.get("x-forwarded-host")?.split(",")[0]];
  return !candidates.some((host) => host && normaliseHost(host, originUrl.protocol) === originUrl.host);
}

function normaliseHost(host: string, protocol: string): string | null {
  try {
    return new URL(`${protocol}//${host.trim()}`).host; // lower-cases, drops the default port
  } catch {
    return null;
  }
}

export function forbidden(): Response {
  return errorResponse(403, "cross_site", "Cross-site requests may not change anything here.");
}
