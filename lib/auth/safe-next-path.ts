// Where to go after logging in: only a path on this site. "//evil.example" and "/\evil.example"
// are protocol-relative to a browser, so they fall back to the home page like any non-path.
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || next.length > 2048) return "/";
  return next;
}
