// HTTP Basic authentication for a feed behind a login (RFC 7617). The login belongs to one
// origin, the feed's own when it was given: it is sent on every request to that origin and on no
// other, so a redirect to another host (a CDN, a tracker, an attacker's server) never receives
// it, and neither does a feed discovered on another site. Only this header ever carries it: it is
// in no URL, detail, log line or User-Agent.
export type FeedLogin = { user: string; password: string; origin: string };

/** The request headers for `url`: with Authorization when the login is for its origin. */
export function withLoginHeader(
  headers: Record<string, string>,
  login: FeedLogin | null | undefined,
  url: URL,
): Record<string, string> {
  if (!login || url.origin !== login.origin) return headers;
  // RFC 7617 §2.1: user-id ":" password, UTF-8 (the charset every current server assumes).
  const token = Buffer.from(`${login.user}:${login.password}`, "utf8").toString("base64");
  return { ...headers, Authorization: `Basic ${token}` };
}
