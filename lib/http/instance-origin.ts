// The address people and apps reach this instance at, for the settings page's API addresses:
// TIDINGS_PUBLIC_URL when set (behind a reverse proxy the request's own host may be an inner
// one), else the host the browser asked for, with the scheme a reverse proxy reported. The gate
// (lib/auth/gate-request.ts) has already refused a Host this instance does not answer to.
type HeaderReader = { get(name: string): string | null };

export function findInstanceOrigin(publicUrl: string | undefined, headers: HeaderReader): string {
  if (publicUrl !== undefined) return new URL(publicUrl).origin;
  const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host")) ?? "localhost";
  const scheme = firstValue(headers.get("x-forwarded-proto")) === "https" ? "https" : "http";
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return `${scheme}://localhost`; // a malformed Host: the page still shows the paths
  }
}

/** Proxies in a chain append: the first value is the one the client sent. */
function firstValue(header: string | null): string | null {
  const first = header?.split(",")[0]?.trim();
  return first ? first : null;
}
