/**
 * Reads the max-age directive of a Cache-Control header, in seconds; null when absent or invalid.
 *
 * Only max-age counts (RFC 9111 §5.2.2.1): Tidings is a private cache, so s-maxage (shared caches
 * only) does not apply, and no-cache / no-store say how to store and revalidate, not how often a
 * feed may be polled. Directive names are case-insensitive, the quoted form is accepted
 * (RFC 9111 §5.2), and when max-age repeats the first occurrence wins (RFC 9111 §4.2.1).
 */
export function parseMaxAge(cacheControl: string | null): number | null {
  if (cacheControl === null) return null;
  for (const directive of splitDirectives(cacheControl)) {
    const [name, ...rest] = directive.split("=");
    if (name?.trim().toLowerCase() !== "max-age") continue;
    const argument = rest
      .join("=")
      .trim()
      .replace(/^"(.*)"$/, "$1");
    return /^\d+$/.test(argument) ? Number(argument) : null;
  }
  return null;
}

// Splits on commas outside quoted strings (no-cache="Set-Cookie, Vary" is one directive).
function splitDirectives(header: string): string[] {
  const directives: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    if (char === "," && !quoted) {
      directives.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  directives.push(current);
  return directives;
}
