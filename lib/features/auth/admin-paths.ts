// What only an admin reaches (issue 25): the admin pages, the fleet's health and the publishers'
// pages, and /metrics. A member asking gets a 404 from the gate (lib/features/auth/gate-request.ts),
// before anything renders, so that nothing of these pages (nor whether they exist) reaches them.
// A source's own health page (/sources/ID) is not here: a member sees those of their own sources.
const ADMIN_PREFIXES = ["/admin", "/health", "/publishers"];

export function isAdminPath(pathname: string): boolean {
  if (pathname === "/metrics") return true;
  return ADMIN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
