// Where to go after logging in: only a place on this site. Browsers read a Location header with
// the WHATWG URL parser, which drops tabs and newlines, turns "\" into "/" and strips leading
// control characters, so "/\t/evil.example" is protocol-relative to them. Instead of guessing
// which spellings a browser reads as another site, `next` is resolved the way a browser would
// resolve it against our own origin; it is kept only if that origin is unchanged, and what is
// handed on is the parser's normalised path, where every control character is percent-encoded
// (so nothing raw can reach a header either).
const OWN_ORIGIN = "http://tidings.invalid";
const MAX_LENGTH = 2048;

export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > MAX_LENGTH) return "/";
  const resolved = resolveOnOwnOrigin(next);
  if (!resolved) return "/";
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // The normalised path must be read the same way again: "/.//evil.example" normalises to
  // "//evil.example", which on its own would name another host.
  if (path.length > MAX_LENGTH || resolveOnOwnOrigin(path)?.href !== resolved.href) return "/";
  return path;
}

function resolveOnOwnOrigin(next: string): URL | null {
  try {
    const url = new URL(next, OWN_ORIGIN);
    return url.origin === OWN_ORIGIN ? url : null;
  } catch {
    return null;
  }
}
